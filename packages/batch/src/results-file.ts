import {
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { MassGenError } from '@massgen/core';
import { resultKey } from './batch-result.js';
import type { BatchResult } from './batch-result.js';

/**
 * The results file, one JSON line per result. Each result is appended with a single `write`
 * on a file opened for appending, so a line is written whole or not at all as far as readers
 * are concerned, and is in the file (the kernel's) the moment `append` returns: killing the
 * process loses nothing. It reaches the disk by a background `fdatasync` (one at a time, so a
 * busy batch does not wait on the disk per result) and at `close`; a line cut short by a power
 * cut is dropped when the file is opened again, and that question runs again.
 */
export class ResultsFile {
  private readonly results = new Map<string, BatchResult>();
  private descriptor: number | undefined;
  private syncing = false;
  private syncAgain = false;

  private constructor(
    readonly file: string,
    /** Characters dropped from the end: a line cut short by a crash or a full disk. */
    readonly repairedTail: string,
  ) {}

  /** Reads what the file holds (creating nothing yet) and opens it for appending. */
  static open(file: string): ResultsFile {
    let text = '';
    if (existsSync(file)) text = readFileSync(file, 'utf8');
    const complete = text.endsWith('\n') || text === '' ? text : text.slice(0, text.lastIndexOf('\n') + 1);
    const resultsFile = new ResultsFile(file, text.slice(complete.length));
    for (const [index, line] of complete.split('\n').entries()) {
      if (line.trim() === '') continue;
      resultsFile.remember(parseResultLine(line, file, index + 1));
    }
    resultsFile.descriptor = openSync(file, 'a+');
    if (resultsFile.repairedTail !== '') ftruncateSync(resultsFile.descriptor, Buffer.byteLength(complete));
    return resultsFile;
  }

  has(questionId: string, config: string): boolean {
    return this.results.has(resultKey(questionId, config));
  }

  get(questionId: string, config: string): BatchResult | undefined {
    return this.results.get(resultKey(questionId, config));
  }

  /** The latest result of every question and configuration. */
  all(): BatchResult[] {
    return [...this.results.values()];
  }

  /** Appends one result line. */
  append(result: BatchResult): void {
    if (this.descriptor === undefined) throw new MassGenError({ code: 'INTERNAL', message: 'Results file is closed.' });
    writeSync(this.descriptor, `${JSON.stringify(result)}\n`);
    this.remember(result);
    this.syncSoon(this.descriptor);
  }

  close(): void {
    if (this.descriptor === undefined) return;
    fdatasyncSync(this.descriptor);
    closeSync(this.descriptor);
    this.descriptor = undefined;
  }

  private syncSoon(descriptor: number): void {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = true;
    fdatasync(descriptor, () => {
      this.syncing = false;
      if (this.syncAgain && this.descriptor === descriptor) {
        this.syncAgain = false;
        this.syncSoon(descriptor);
      }
    });
  }

  private remember(result: BatchResult): void {
    this.results.set(resultKey(result.id, result.config), result);
  }
}

function parseResultLine(line: string, file: string, lineNumber: number): BatchResult {
  try {
    const value = JSON.parse(line) as Partial<BatchResult>;
    if (typeof value.id === 'string' && typeof value.config === 'string') return value as BatchResult;
  } catch {
    // Reported below with the line number.
  }
  throw new MassGenError({
    code: 'CONFIG_INVALID',
    message: `${file} line ${lineNumber} is not a batch result (expected a JSON object with "id" and "config"); give --out a new file or fix that line.`,
  });
}
