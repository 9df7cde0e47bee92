/**
 * Telling a send from anything else when the site's adapter is out of date (SITES.md: sites rename ids,
 * test ids and classes all the time). The adapter's selectors come first (send-guard.ts); these rules catch
 * what they miss, so a renamed button or composer is held instead of sending unreviewed:
 *
 * - a submit button of the composer's form, or a control near the composer whose accessible name says
 *   send/submit in one of the languages the sites ship: a send;
 * - an icon-only button next to the composer (in the same form or a few levels up) that is not a known
 *   other control (attach, voice, model picker, …), while the adapter finds no send button: maybe a send,
 *   so Veil holds it and asks;
 * - everything else: not a send.
 *
 * Only public things are read (the page's own markup); nothing here looks at what the person typed.
 *
 * ```ts
 * sendVerdict(button, composer, { adapterFoundSend: false }); // 'send' | 'unsure' | null
 * ```
 */

/** What a click may press: buttons and things that say they are one. */
export const CONTROLS = 'button, [role="button"], input[type="submit"], input[type="image"]';

/**
 * "Send" and "submit" in the languages the three sites ship their interface in (the words of their own
 * buttons, public), lower case. A word matches at a word start, so "send" also covers "send message", "sending".
 */
// prettier-ignore
const SEND_WORDS = [
  'send', 'submit', 'envoyer', 'envoi', 'enviar', 'senden', 'absenden', 'invia', 'inviare', 'verzenden', 'versturen', 'verstuur', 'skicka',
  'send inn', 'lähetä', 'wyślij', 'odeslat', 'odoslať', 'küldés', 'trimite', 'изпрати', 'отправить', 'надіслати', 'gönder', 'kirim',
  'hantar', 'gửi', 'إرسال', 'ارسال', 'שלח', 'שליחה', 'भेजें', 'পাঠান', 'ส่ง', '发送', '傳送', '送出', '送信', '전송', '보내기', 'αποστολή',
];
/** "Stop" (an answer), in the same languages. */
// prettier-ignore
const STOP_WORDS = ['stop', 'arrêter', 'detener', 'stoppen', 'interrompi', '停止', '중지', 'остановить', 'durdur', 'หยุด'];
/** Controls that sit by a composer and are not a send: attach, voice, dictation, model, tools. */
// prettier-ignore
const OTHER_WORDS = [
  'cancel', 'attach', 'upload', 'file', 'photo', 'image', 'voice', 'dictat', 'microphone', 'speech', 'record', 'model', 'tool',
  'add', 'plus', 'search', 'emoji', 'setting', 'option', 'menu', 'more', 'mode', 'research', 'canvas', 'style', 'close', 'edit', 'copy',
  'joindre', 'adjuntar', 'anhängen', 'allega', '添加', '上传', '附件', '语音', '麦克风', '追加', 'アップロード', 'ファイル', '音声', 'マイク', '중지', '첨부', '음성', 'остановить', 'прикрепить', 'голос',
];

/** A control's accessible name as a screen reader would announce it (label, labelledby, title, text). */
export function accessibleName(control: Element): string {
  const doc = control.ownerDocument;
  const labelledBy = control.getAttribute('aria-labelledby');
  const fromIds = labelledBy
    ? labelledBy
        .split(/\s+/)
        .map((id) => doc.getElementById(id)?.textContent ?? '')
        .join(' ')
    : '';
  const value = control instanceof control.ownerDocument.defaultView!.HTMLInputElement ? control.value : '';
  return [
    control.getAttribute('aria-label'),
    fromIds,
    control.getAttribute('title'),
    value,
    control.getAttribute('data-tooltip'),
    control.getAttribute('mattooltip'),
    control.textContent,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function saysAny(name: string, words: readonly string[]): boolean {
  return words.some((word) => {
    const at = name.indexOf(word);
    if (at < 0) return false;
    // Latin-script words must start a word ("resend" is not "send"); other scripts have no spaces to go by.
    return !/^[a-z]/.test(word) || at === 0 || !/[\p{L}\p{N}]/u.test(name[at - 1]!);
  });
}

/** A control that submits its form when pressed. */
function isSubmit(control: Element): boolean {
  const tag = control.localName;
  if (tag === 'input') return ['submit', 'image'].includes((control as HTMLInputElement).type);
  return tag === 'button' && ((control as HTMLButtonElement).type === 'submit' || !control.hasAttribute('type'));
}

/** Whether `control` sits next to `composer`: in its form, or within a few levels above it. */
export function nearComposer(control: Element, composer: Element, levels = 5): boolean {
  const form = composer.closest('form');
  if (form?.contains(control)) return true;
  let ancestor: Element | null = composer;
  for (let i = 0; i < levels && ancestor; i++) {
    ancestor = ancestor.parentElement;
    if (ancestor?.contains(control)) return ancestor !== composer.ownerDocument.body && ancestor !== composer.ownerDocument.documentElement;
  }
  return false;
}

/** An icon button: no words of its own beyond a glyph or two. */
function iconOnly(control: Element): boolean {
  return (control.textContent ?? '').replace(/\s+/g, '').length <= 2;
}

export type SendVerdict = 'send' | 'unsure' | null;

/** Whether a press of `control` sends from `composer` (see the file's comment). */
export function sendVerdict(control: Element, composer: Element | null, { adapterFoundSend }: { adapterFoundSend: boolean }): SendVerdict {
  if (composer?.contains(control)) return null;
  const name = accessibleName(control);
  // The send button turned into stop while an answer streams is no send.
  if (saysAny(name, STOP_WORDS)) return null;
  if (!composer) return null;
  // A "Send" far from the composer is another form's (feedback, an edited message), not the message's.
  if (saysAny(name, SEND_WORDS)) return nearComposer(control, composer, 8) ? 'send' : null;
  if (saysAny(name, OTHER_WORDS)) return null;
  const form = composer.closest('form');
  if (form && form.contains(control) && isSubmit(control)) return 'send';
  if (!adapterFoundSend && nearComposer(control, composer) && iconOnly(control)) return 'unsure';
  return null;
}
