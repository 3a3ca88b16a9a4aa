import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { MediaPart, RunEvent } from '@massgen/core';
import { writeFileAtomicSync } from './atomic-write.js';
import { initialRunStatus, reduceRunStatus } from '@massgen/run-state';
import type { RunStatus } from '@massgen/run-state';

/** Events that change what a reader of `status.json` would want to know. */
const milestoneTypes = new Set<RunEvent['type']>([
  'run-start',
  'round',
  'groups',
  'agent-start',
  'answer',
  'vote',
  'restart',
  'agent-waiting',
  'agent-error',
  'agent-killed',
  'consensus',
  'final',
  'run-end',
]);

const maxBufferedEvents = 200;

/**
 * Streamed deltas reach `events.jsonl` within this long, so another process (`massgen web`
 * watching a run started in a terminal) follows the text as it comes, not in bursts of 200.
 */
export const eventsFlushMs = 100;

/**
 * `status.json` is rewritten at most this often while a run goes on (a team of eight passes a
 * hundred milestones, and each rewrite is two file operations on the main thread); its last
 * state is always written at once, when the run ends or the record closes.
 */
export const statusIntervalMs = 250;

/**
 * Writes a run to disk as it happens: `events.jsonl` (every event), `answers/<label>-<agent>.md`,
 * `votes.json` (every vote, those out of date marked `stale`), `final.md`, `status.json`
 * (replaced atomically) and the question's attachments. Writes are synchronous
 * and flushed at every milestone, so a run stopped by Ctrl-C still leaves a complete record;
 * `status.json` follows within `statusIntervalMs`.
 */
export class RunRecord {
  readonly directory: string;
  private readonly eventsFile: number;
  private buffer: string[] = [];
  private status: RunStatus;
  private closed = false;
  private statusWrittenAt = 0;
  private pendingStatus: NodeJS.Timeout | undefined;
  private pendingFlush: NodeJS.Timeout | undefined;

  /**
   * `kept`: the events of a run that goes on from its record (`massgen resume`). The events file
   * is replaced by them at once (dropping a line cut short and the old ending), and the run's
   * further events are appended after them.
   */
  constructor(directory: string, runId: string, startedAt: number, kept: readonly RunEvent[] = []) {
    this.directory = directory;
    mkdirSync(path.join(directory, 'answers'), { recursive: true });
    const events = path.join(directory, 'events.jsonl');
    if (kept.length > 0) writeFileAtomicSync(events, kept.map((event) => `${JSON.stringify(event)}\n`).join(''));
    this.eventsFile = openSync(events, 'a');
    this.status = kept.reduce(reduceRunStatus, initialRunStatus(runId, startedAt));
    this.writeStatus();
    // Every run has the file, so a reader never has to tell "no votes" from "no file".
    this.writeVotes();
  }

  write(event: RunEvent): void {
    if (this.closed) return;
    this.buffer.push(`${JSON.stringify(event)}\n`);
    const before = this.status;
    this.status = reduceRunStatus(this.status, event);
    if (event.type === 'answer') {
      // Named by label and author: `agent1.1-alpha.md` is alpha's first answer.
      const name = `${safeFileName(event.label)}-${safeFileName(event.agentId)}.md`;
      writeFileSync(path.join(this.directory, 'answers', name), event.content);
    }
    // A vote is added, or an answer made votes out of date: `votes.json` says so.
    if (this.status.votes !== before.votes) this.writeVotes();
    if (event.type === 'final') writeFileSync(path.join(this.directory, 'final.md'), event.content);
    if (milestoneTypes.has(event.type) || this.buffer.length >= maxBufferedEvents) {
      this.flush();
      if (event.type === 'run-end') this.writeStatus();
      else if (milestoneTypes.has(event.type)) this.writeStatusSoon();
    } else if (this.pendingFlush === undefined) {
      this.pendingFlush = setTimeout(() => this.flush(), eventsFlushMs);
      // Closing the record flushes what is left: the timer need not hold the process.
      this.pendingFlush.unref();
    }
  }

  /**
   * Copies the question's loaded attachments into `attachments/`, so a replay needs nothing
   * outside the record, and lists them in order in `attachments.json` (parts that were never
   * loaded are listed by their path or URL).
   */
  writeAttachments(parts: readonly MediaPart[]): void {
    if (parts.length === 0) return;
    mkdirSync(path.join(this.directory, 'attachments'));
    const listed = parts.map((part, index) => {
      const described = { type: part.type, mediaType: part.mediaType, filename: part.filename };
      if (part.data.type === 'url') return { ...described, url: part.data.url };
      if (part.data.type === 'path') return { ...described, path: part.data.path };
      const file = `attachments/${index + 1}-${safeFileName(part.filename ?? part.type)}`;
      writeFileSync(path.join(this.directory, file), part.data.bytes);
      return { ...described, file, bytes: part.data.bytes.byteLength };
    });
    writeFileAtomicSync(path.join(this.directory, 'attachments.json'), `${JSON.stringify(listed, null, 2)}\n`);
  }

  private writeVotes(): void {
    const votes = this.status.votes.map((vote) => ({
      voter: vote.agentId,
      for: vote.targetAgentId,
      label: vote.targetLabel,
      reason: vote.reason,
      ...(vote.confidence === undefined ? {} : { confidence: vote.confidence }),
      round: vote.round,
      stale: vote.stale,
      ...(vote.outdatedBy === undefined ? {} : { outdatedBy: vote.outdatedBy }),
    }));
    writeFileAtomicSync(path.join(this.directory, 'votes.json'), `${JSON.stringify(votes, null, 2)}\n`);
  }

  currentStatus(): RunStatus {
    return this.status;
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.writeStatus();
    closeSync(this.eventsFile);
    this.closed = true;
  }

  private flush(): void {
    clearTimeout(this.pendingFlush);
    this.pendingFlush = undefined;
    if (this.closed || this.buffer.length === 0) return;
    writeSync(this.eventsFile, this.buffer.join(''));
    this.buffer = [];
  }

  private writeStatusSoon(): void {
    if (this.pendingStatus !== undefined) return;
    const wait = this.statusWrittenAt + statusIntervalMs - Date.now();
    if (wait <= 0) {
      this.writeStatus();
      return;
    }
    this.pendingStatus = setTimeout(() => this.writeStatus(), wait);
    // A run that has ended closes its record, which writes the status: the timer need not hold the process.
    this.pendingStatus.unref();
  }

  private writeStatus(): void {
    clearTimeout(this.pendingStatus);
    this.pendingStatus = undefined;
    if (this.closed) return;
    this.statusWrittenAt = Date.now();
    writeFileAtomicSync(
      path.join(this.directory, 'status.json'),
      `${JSON.stringify({ ...this.status, recordDirectory: this.directory }, null, 2)}\n`,
    );
  }
}

function safeFileName(label: string): string {
  return label.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** A run id that sorts by start time and is unique across concurrent runs. */
export function createRunId(startedAt: number, random: () => number = Math.random): string {
  // The ISO time with file-name-safe separators, built field by field: a served request makes one.
  const time = new Date(startedAt);
  const stamp = `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())}T${pad(time.getUTCHours())}-${pad(time.getUTCMinutes())}-${pad(time.getUTCSeconds())}-${pad(time.getUTCMilliseconds(), 3)}Z`;
  const suffix = Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0');
  return `${stamp}-${suffix}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
