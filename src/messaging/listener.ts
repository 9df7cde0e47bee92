/**
 * Attach a dispatcher to `runtime.onMessage`. Uses `sendResponse` + `return true`, which both Chrome and
 * Firefox honour for asynchronous replies.
 */
import type { Dispatch } from './dispatch';
import type { SenderInfo } from './sender';

export type MessageListener = (message: unknown, sender: SenderInfo, sendResponse: (reply: unknown) => void) => true;

export function messageListener(dispatch: Dispatch): MessageListener {
  return (message, sender, sendResponse) => {
    dispatch(message, sender).then(sendResponse, (error: unknown) =>
      sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
    return true;
  };
}
