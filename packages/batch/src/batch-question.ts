import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { readBatchFile } from './read-batch-file.js';

/** One question of a batch, as read from a line of the questions file. */
export interface BatchQuestion {
  id: string;
  /** The text the team is given: the question, followed by the attached files. */
  question: string;
  expected?: unknown;
  /** Attached files as written in the line (the question text already holds their content). */
  attachments?: string[];
}

/**
 * Reads a questions file: each non-blank line is a JSON object `{"id", "question", "expected"?,
 * "attachments"?}` or plain text. A plain line's id is its line number, so ids stay put when
 * lines are appended. Attachments are files (relative to the questions file) whose text is put
 * after the question. Every problem is reported together, each with its line.
 */
export async function readBatchQuestions(file: string): Promise<BatchQuestion[]> {
  const absolute = path.resolve(file);
  const text = await readBatchFile(absolute, 'questions file');
  const issues: string[] = [];
  const questions: BatchQuestion[] = [];
  const lineOfId = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    const parsed = parseQuestionLine(raw, line);
    if ('message' in parsed) {
      issues.push(`line ${line}: ${parsed.message}`);
      continue;
    }
    const earlier = lineOfId.get(parsed.id);
    if (earlier !== undefined) {
      issues.push(`line ${line}: id "${parsed.id}" is already used on line ${earlier}`);
      continue;
    }
    lineOfId.set(parsed.id, line);
    try {
      questions.push(await withAttachments(parsed, path.dirname(absolute)));
    } catch (error) {
      issues.push(`line ${line}: ${(error as Error).message}`);
    }
  }
  if (issues.length > 0)
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Problems in the questions file ${absolute}:\n${issues.map((issue) => `  ${issue}`).join('\n')}`,
    });
  if (questions.length === 0)
    throw new MassGenError({ code: 'CONFIG_INVALID', message: `The questions file ${absolute} holds no questions.` });
  return questions;
}

function parseQuestionLine(raw: string, line: number): BatchQuestion | { message: string } {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('{')) return { id: String(line), question: trimmed };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { message: `not valid JSON (${(error as Error).message}); write one JSON object or plain text per line` };
  }
  const record = value as Record<string, unknown>;
  if (typeof record['question'] !== 'string' || record['question'].trim() === '')
    return { message: 'expected "question" to be a non-empty string' };
  const id = record['id'] ?? String(line);
  if (typeof id !== 'string' && typeof id !== 'number') return { message: 'expected "id" to be a string or a number' };
  const attachments = record['attachments'];
  if (
    attachments !== undefined &&
    (!Array.isArray(attachments) || !attachments.every((item): item is string => typeof item === 'string'))
  )
    return { message: 'expected "attachments" to be a list of file paths' };
  return {
    id: String(id),
    question: record['question'],
    ...(record['expected'] === undefined ? {} : { expected: record['expected'] }),
    ...(attachments === undefined ? {} : { attachments }),
  };
}

async function withAttachments(question: BatchQuestion, baseDirectory: string): Promise<BatchQuestion> {
  if (question.attachments === undefined || question.attachments.length === 0) return question;
  const parts = [question.question];
  for (const attachment of question.attachments) {
    const file = path.resolve(baseDirectory, attachment);
    let content: string;
    try {
      content = await readFile(file, 'utf8');
    } catch (error) {
      throw new Error(`cannot read attachment "${attachment}": ${(error as NodeJS.ErrnoException).code ?? ''}`.trim(), {
        cause: error,
      });
    }
    parts.push(`Attached file ${attachment}:\n\`\`\`\n${content}\n\`\`\``);
  }
  return { ...question, question: parts.join('\n\n') };
}
