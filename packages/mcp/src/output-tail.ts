/**
 * The last characters a process wrote to stderr, kept to explain why it failed ("Cannot find
 * module ...") without holding everything a chatty server ever logged.
 */
export class OutputTail {
  private text = '';
  private dropped = false;

  constructor(private readonly maxCharacters: number) {}

  append(chunk: string): void {
    const joined = this.text + chunk;
    if (joined.length > this.maxCharacters) this.dropped = true;
    this.text = joined.slice(-this.maxCharacters);
  }

  /** The kept text, trimmed; starts with `...` when earlier output was dropped. */
  lastLines(): string {
    const trimmed = this.text.trim();
    return this.dropped && trimmed !== '' ? `...${trimmed}` : trimmed;
  }
}
