import { createInterface } from 'node:readline';

/** One read at the prompt: a line, the end of input (Ctrl-D), or Ctrl-C. */
export type LineRead = { kind: 'line'; text: string } | { kind: 'end' } | { kind: 'interrupt' };

export type LineReader = (prompt: string) => Promise<LineRead>;

/**
 * Reads one line per prompt, with a fresh readline interface each time. Between prompts the
 * live display owns the terminal (raw mode, every key); a readline interface left open would
 * also receive those keys and type them into the next line.
 */
export function createLineReader(input: NodeJS.ReadStream, output: NodeJS.WritableStream): LineReader {
  return (prompt) =>
    new Promise<LineRead>((resolve) => {
      // The live display unrefs stdin when it lets go of it; waiting for a line must keep the process alive.
      input.ref();
      const lines = createInterface({ input, output, terminal: input.isTTY === true });
      let settled = false;
      const finish = (read: LineRead): void => {
        if (settled) return;
        settled = true;
        lines.close();
        resolve(read);
      };
      lines.on('line', (text) => finish({ kind: 'line', text }));
      // Ctrl-C drops a half-typed line, as shells do; on an empty line it ends the session.
      lines.on('SIGINT', () => {
        output.write('\n');
        finish(lines.line === '' ? { kind: 'interrupt' } : { kind: 'line', text: '' });
      });
      lines.on('close', () => finish({ kind: 'end' }));
      lines.setPrompt(prompt);
      lines.prompt();
    });
}
