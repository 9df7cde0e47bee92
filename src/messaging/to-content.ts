/**
 * The contract's other direction: what Veil's background asks of its content script in one frame of a chat
 * tab. Each command has a schema here, checked by the content script before it acts
 * (src/content/commands.ts), which also answers only Veil's background (same extension, no tab). Every
 * command is answered with `ContentReply`.
 *
 * - a review's Send and Cancel (review-service.ts → src/content/send/review-session.ts);
 * - the private compose box's send and close (compose-service.ts → src/content/compose.ts);
 * - the popup's "point at the message box again" on a generic site (generic-sites.ts → generic.content.ts).
 *
 * ```ts
 * await toContent(tabId, frameId, { veilPanel: 'close', reviewId });
 * ```
 */
import { z } from 'zod';

const id = z.string().min(1).max(100);
const text = z.string().max(200_000);

/** A review's Send (`text` null: the prompt as typed, without Veil; `window`: sent from Veil's own window) or Cancel. */
export const panelCommand = z.discriminatedUnion('veilPanel', [
  z.strictObject({ veilPanel: z.literal('send'), reviewId: id, text: text.nullable(), restore: z.boolean().optional(), window: z.boolean().optional() }),
  z.strictObject({ veilPanel: z.literal('close'), reviewId: id }),
]);
/** The compose box's text to send through the site's normal review, or the box closed. */
export const composeCommand = z.discriminatedUnion('veilCompose', [
  z.strictObject({ veilCompose: z.literal('send'), composeId: id, text }),
  z.strictObject({ veilCompose: z.literal('close'), composeId: id }),
]);
/** Let the person point at a generic site's message box again. */
export const pickCommand = z.strictObject({ veilPick: z.literal(true) });

export const contentCommand = z.union([panelCommand, composeCommand, pickCommand]);

export type PanelCommand = z.output<typeof panelCommand>;
export type ComposeCommand = z.output<typeof composeCommand>;
export type PickCommand = z.output<typeof pickCommand>;
export type ContentCommand = z.output<typeof contentCommand>;
export type ContentReply = { ok: true } | { ok: false; error: string };

/** Deliver a command to one frame of one tab and wait for its reply (the background's side). */
export type ToContent = (tabId: number, frameId: number, command: ContentCommand) => Promise<ContentReply>;
