import { createInterface } from 'node:readline';

/** Asks one question at a time; an empty answer, or the end of input, takes the default. */
export interface Prompter {
  ask(question: string, defaultAnswer: string): Promise<string>;
  close(): void;
}

/**
 * One readline interface for the whole wizard. Piped input (a script, a test) arrives in one
 * chunk; a fresh interface per question would drop every line after the first.
 */
export function createPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Prompter {
  const lines = createInterface({ input, terminal: false });
  const queued: string[] = [];
  const waiting: Array<(line: string | undefined) => void> = [];
  let ended = false;
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next === undefined) queued.push(line);
    else next(line);
  });
  lines.on('close', () => {
    ended = true;
    for (const next of waiting.splice(0)) next(undefined);
  });
  const nextLine = (): Promise<string | undefined> => {
    const line = queued.shift();
    if (line !== undefined || ended) return Promise.resolve(line);
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    async ask(question, defaultAnswer) {
      output.write(`${question}${defaultAnswer === '' ? '' : ` [${defaultAnswer}]`}: `);
      const line = await nextLine();
      if (line === undefined) output.write('\n');
      const answer = line?.trim() ?? '';
      return answer === '' ? defaultAnswer : answer;
    },
    close: () => lines.close(),
  };
}
