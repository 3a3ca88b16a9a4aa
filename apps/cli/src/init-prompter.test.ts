import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPrompter } from './init-prompter.js';

function collect(stream: PassThrough): () => string {
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return () => text;
}

describe('createPrompter', () => {
  it('answers each question from its own line when all the input arrives in one chunk', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const shown = collect(output);
    input.end('openai,claude\n\ngpt-5\n');
    const prompter = createPrompter(input, output);
    expect(await prompter.ask('Backends', 'openai')).toBe('openai,claude');
    expect(await prompter.ask('Model', 'gpt-5-nano')).toBe('gpt-5-nano');
    expect(await prompter.ask('Other model', 'x')).toBe('gpt-5');
    prompter.close();
    expect(shown()).toBe('Backends [openai]: Model [gpt-5-nano]: Other model [x]: ');
  });

  it('waits for a line typed later, and takes the default once the input has ended', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const prompter = createPrompter(input, output);
    const first = prompter.ask('File', 'massgen.yaml');
    input.write('  team.yaml  \n');
    expect(await first).toBe('team.yaml');
    const second = prompter.ask('Overwrite? (y/n)', 'n');
    input.end();
    expect(await second).toBe('n');
    expect(await prompter.ask('After the end', 'default')).toBe('default');
    prompter.close();
  });
});
