/**
 * The content script's end of the background's commands (src/messaging/to-content.ts): only from Veil's
 * background (this extension, no tab: not another content script, not a page), only commands of the
 * contract's shape, each to the part of the script that acts on it.
 *
 * ```ts
 * browser.runtime.onMessage.addListener(commandListener(browser.runtime.id, { panel: (c) => guard.command(c) }));
 * ```
 */
import { contentCommand, type ComposeCommand, type ContentReply, type PanelCommand, type PickCommand } from '../messaging/to-content';

export interface CommandHandlers {
  panel?: (command: PanelCommand) => Promise<ContentReply>;
  compose?: (command: ComposeCommand) => Promise<ContentReply>;
  pick?: (command: PickCommand) => Promise<ContentReply>;
}

/** A `runtime.onMessage` listener: true when it will answer (the browser keeps the channel open). */
export function commandListener(runtimeId: string, handlers: CommandHandlers) {
  return (message: unknown, sender: { id?: string; tab?: unknown }, sendResponse: (reply: ContentReply) => void): boolean => {
    if (sender.id !== runtimeId || sender.tab) return false;
    const parsed = contentCommand.safeParse(message);
    if (!parsed.success) return false;
    const command = parsed.data;
    const reply = 'veilPanel' in command ? handlers.panel?.(command) : 'veilCompose' in command ? handlers.compose?.(command) : handlers.pick?.(command);
    if (!reply) return false;
    void reply.then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) }));
    return true;
  };
}
