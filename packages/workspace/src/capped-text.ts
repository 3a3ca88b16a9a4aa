/**
 * Collects a stream's text up to a limit: the beginning is kept whole, then only the most
 * recent part, so a command that prints megabytes costs a bounded amount of memory and of the
 * model's context, and the end (where errors usually are) survives.
 */
export class CappedText {
  private head = '';
  private tail = '';
  private omitted = 0;

  constructor(
    private readonly headLimit: number,
    private readonly tailLimit: number,
  ) {}

  append(chunk: string): void {
    const room = this.headLimit - this.head.length;
    if (room > 0) {
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk === '') return;
    const combined = this.tail + chunk;
    const overflow = Math.max(0, combined.length - this.tailLimit);
    this.omitted += overflow;
    this.tail = combined.slice(overflow);
  }

  toString(): string {
    if (this.omitted === 0) return this.head + this.tail;
    return `${this.head}\n[... ${this.omitted} characters omitted ...]\n${this.tail}`;
  }
}
