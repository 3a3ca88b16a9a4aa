import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBatchQuestions } from './batch-question.js';

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-questions-'));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = path.join(directory, name);
  writeFileSync(file, text);
  return file;
}

describe('readBatchQuestions', () => {
  it('reads JSON lines and plain text lines; a plain line is identified by its line number', async () => {
    const file = write(
      'q.jsonl',
      '{"id": "capital", "question": "Capital of France?", "expected": "Paris"}\n\nHow many legs has a spider?\n{"id": 7, "question": "2+2?", "expected": 4}\n',
    );
    expect(await readBatchQuestions(file)).toEqual([
      { id: 'capital', question: 'Capital of France?', expected: 'Paris' },
      { id: '3', question: 'How many legs has a spider?' },
      { id: '7', question: '2+2?', expected: 4 },
    ]);
  });

  it('puts the text of attached files after the question', async () => {
    write('notes.txt', 'The meeting is on Tuesday.');
    const file = write('q.jsonl', '{"id": "a", "question": "When is the meeting?", "attachments": ["notes.txt"]}\n');
    const [question] = await readBatchQuestions(file);
    expect(question?.question).toBe(
      'When is the meeting?\n\nAttached file notes.txt:\n```\nThe meeting is on Tuesday.\n```',
    );
    expect(question?.attachments).toEqual(['notes.txt']);
  });

  it('reports every bad line at once, with its number and what was expected', async () => {
    const file = write(
      'q.jsonl',
      [
        '{"id": "a", "question": "fine"}',
        '{"id": "b", "question": }',
        '{"id": "a", "question": "again"}',
        '{"id": "c"}',
        '{"id": "d", "question": "x", "attachments": ["missing.txt"]}',
      ].join('\n'),
    );
    const error = await readBatchQuestions(file).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(`Problems in the questions file ${file}:`);
    expect(message).toMatch(/line 2: not valid JSON/);
    expect(message).toContain('line 3: id "a" is already used on line 1');
    expect(message).toContain('line 4: expected "question" to be a non-empty string');
    expect(message).toContain('line 5: cannot read attachment "missing.txt": ENOENT');
  });

  it('names a missing or empty file', async () => {
    await expect(readBatchQuestions(path.join(directory, 'none.jsonl'))).rejects.toThrow(
      /Cannot read the questions file .*none\.jsonl: ENOENT/,
    );
    await expect(readBatchQuestions(write('empty.jsonl', '\n\n'))).rejects.toThrow(/holds no questions/);
  });
});
