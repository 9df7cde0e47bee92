/**
 * What a turn's views add to the message (condition C6: a function of the released views only). The
 * generic view adds nothing; the others are joined into one line after the profile release.
 *
 * ```ts
 * answerPreferences(releases); // 'Answer preferences: keep suggestions blood-sugar-conscious; keep meals very cheap.'
 * ```
 */
import type { SlotRelease } from './turn';

export const PREFERENCES_LEAD = 'Answer preferences:';

export function answerPreferences(releases: readonly Pick<SlotRelease, 'view'>[]): string {
  const texts = [...new Set(releases.map((r) => r.view.text).filter((t) => t !== ''))];
  return texts.length === 0 ? '' : `${PREFERENCES_LEAD} ${texts.join('; ')}.`;
}
