/**
 * The conversation a send belongs to, for reusing its release (DESIGN.md "Reuse"). Sites start a new chat
 * on a page without an id and give it one in the URL after the first send: that id is then the same
 * conversation as the first send, for as long as this page lives.
 *
 * ```ts
 * const keys = new ConversationKeys(() => 'a1b2');
 * keys.keyFor(null);        // 'new-a1b2' (first send on a new-chat page)
 * keys.keyFor('c/68f0');    // 'new-a1b2' (the site gave the chat its id)
 * keys.keyFor('c/99aa', { moved: true });  // 'c/99aa' (another conversation the person went to)
 * keys.keyFor('c/77bb', { moved: false }); // 'c/99aa' (the page changed its URL on its own: the same one)
 * ```
 */
export class ConversationKeys {
  private pending: string | undefined;
  private readonly aliases = new Map<string, string>();

  constructor(private readonly randomId: () => string = () => crypto.randomUUID()) {}

  private last: string | undefined;

  /** `moved`: the person went somewhere on the page since the last send (else a new id is the page's doing). */
  keyFor(id: string | null, { moved = true }: { moved?: boolean } = {}): string {
    if (id !== null && !moved && this.last !== undefined && !this.aliases.has(id) && this.pending === undefined) this.aliases.set(id, this.last);
    // A page that sends itself to the new-chat address between the person's sends stays in the conversation too.
    if (id === null && !moved && this.last !== undefined && this.pending === undefined) return this.last;
    let key: string;
    if (id === null) key = this.pending ??= `new-${this.randomId()}`;
    else {
      if (this.pending !== undefined && !this.aliases.has(id)) {
        this.aliases.set(id, this.pending);
        this.pending = undefined;
      }
      key = this.aliases.get(id) ?? id;
    }
    this.last = key;
    return key;
  }
}
