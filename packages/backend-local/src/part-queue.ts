import type { StreamPart } from '@massgen/core';

/**
 * Hands stream parts from node-llama-cpp's callbacks to an async iterator: the producer pushes
 * and ends, the consumer awaits. Nothing is dropped and nothing is polled.
 */
export class PartQueue implements AsyncIterable<StreamPart> {
  private readonly parts: StreamPart[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  push(part: StreamPart): void {
    if (this.ended) return;
    this.parts.push(part);
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<StreamPart> {
    for (;;) {
      const part = this.parts.shift();
      if (part !== undefined) {
        yield part;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }
}
