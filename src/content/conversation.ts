/**
 * The conversation a send belongs to, for reusing its release (DESIGN.md "Reuse"). Sites start a new chat
 * on a page without an id and give it one in the URL after the first send: that id is then the same
 * conversation as the first send, for as long as this page lives.
 *
 * ```ts
 * const keys = new ConversationKeys(() => 'a1b2');
 * keys.keyFor(null);        // 'new-a1b2' (first send on a new-chat page)
 * keys.keyFor('c/68f0');    // 'new-a1b2' (the site gave the chat its id)
 * keys.keyFor('c/99aa');    // 'c/99aa'   (another conversation)
 * ```
 */
export class ConversationKeys {
  private pending: string | undefined;
  private readonly aliases = new Map<string, string>();

  constructor(private readonly randomId: () => string = () => crypto.randomUUID()) {}

  keyFor(id: string | null): string {
    if (id === null) return (this.pending ??= `new-${this.randomId()}`);
    if (this.pending !== undefined && !this.aliases.has(id)) {
      this.aliases.set(id, this.pending);
      this.pending = undefined;
    }
    return this.aliases.get(id) ?? id;
  }
}
