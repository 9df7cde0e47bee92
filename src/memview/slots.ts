/**
 * DP-MemView's memory slots: a fixed, public list. Every memory sits at a position in one slot; the
 * layout (which slot has how many positions, with which ids) is public, the memories' text is not.
 */
export const SLOTS = ['health', 'food', 'finance', 'work', 'family', 'schedule', 'home', 'travel'] as const;
export type Slot = (typeof SLOTS)[number];

export const SLOT_LABELS: Readonly<Record<Slot, string>> = {
  health: 'Health',
  food: 'Food',
  finance: 'Finance',
  work: 'Work',
  family: 'Family',
  schedule: 'Schedule',
  home: 'Home',
  travel: 'Travel',
};
