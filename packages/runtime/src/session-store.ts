import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { StopReason } from '@massgen/core';
import { writeFileAtomicSync } from './atomic-write.js';
import type { RunResult } from './run.js';

/**
 * One question of a session and what became of it. A turn is written when its run starts and
 * again when it ends, so a process killed mid-run still leaves the question and its run id.
 */
export interface SessionTurn {
  runId: string;
  question: string;
  startedAt: string;
  endedAt?: string;
  /** Absent while the run goes on, or when its process died before the run ended. */
  stopReason?: StopReason;
  finalAnswer?: string;
  winnerAgentId?: string;
  tokens: number;
  costUsd?: number;
  /** The run's record, relative to the session store's `.massgen` directory when inside it. */
  recordDirectory?: string;
}

/** What `session.json` holds: written when the session is created. */
export interface SessionInfo {
  id: string;
  createdAt: string;
  /**
   * How the team was given (a configuration file, a model, an example), so that `--continue`
   * and `massgen resume` can run the same team again. Opaque to the store.
   */
  team?: Record<string, unknown>;
}

/** A session as `massgen sessions` lists it. */
export interface SessionSummary extends SessionInfo {
  firstQuestion?: string;
  turns: number;
  tokens: number;
  costUsd?: number;
  lastUsedAt: string;
}

type TurnLine =
  | { event: 'started'; runId: string; question: string; time: string; recordDirectory?: string }
  | {
      event: 'ended';
      runId: string;
      time: string;
      stopReason: StopReason;
      finalAnswer?: string;
      winnerAgentId?: string;
      tokens: number;
      costUsd?: number;
    };

/** How a turn's run ended, as the session keeps it. */
export type TurnEnd = Omit<Extract<TurnLine, { event: 'ended' }>, 'event' | 'time'>;

/** A run's ending for its session: a cancelled run's text is no answer to build on. */
export function turnEnd(result: RunResult): TurnEnd {
  const tokens = result.usage.reduce(
    (sum, entry) => sum + (entry.usage.inputTokens ?? 0) + (entry.usage.outputTokens ?? 0),
    0,
  );
  const costs = result.usage.flatMap((entry) => (entry.costUsd === undefined ? [] : [entry.costUsd]));
  return {
    runId: result.runId,
    stopReason: result.stopReason,
    ...(result.finalAnswer === undefined || result.stopReason === 'cancelled'
      ? {}
      : { finalAnswer: result.finalAnswer }),
    ...(result.winnerAgentId === undefined ? {} : { winnerAgentId: result.winnerAgentId }),
    tokens,
    ...(costs.length === 0 ? {} : { costUsd: costs.reduce((sum, cost) => sum + cost, 0) }),
  };
}

/** A session name chosen by a person or a client: one path segment, no dots at the start. */
const sessionIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function sessionsRoot(cwd: string): string {
  return path.join(cwd, '.massgen', 'sessions');
}

/** A new session id that sorts by creation time: `20261201-215500-3fa2`. */
export function createSessionId(now: number = Date.now(), random: () => number = Math.random): string {
  const stamp = new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, '');
  return `${stamp}-${Math.floor(random() * 0xffff)
    .toString(16)
    .padStart(4, '0')}`;
}

export function isValidSessionId(id: string): boolean {
  return sessionIdPattern.test(id);
}

/** One session's directory: `session.json` and `turns.jsonl` (appended, one JSON line per change). */
export class Session {
  constructor(
    readonly directory: string,
    readonly info: SessionInfo,
  ) {}

  get id(): string {
    return this.info.id;
  }

  /** The session's turns in the order they were asked, each with its latest state. */
  turns(): SessionTurn[] {
    return mergeTurnLines(readTurnLines(path.join(this.directory, 'turns.jsonl')));
  }

  turnOfRun(runId: string): SessionTurn | undefined {
    return this.turns().find((turn) => turn.runId === runId);
  }

  recordStart(turn: { runId: string; question: string; recordDirectory?: string }): void {
    this.append({ event: 'started', ...turn, time: new Date().toISOString() });
  }

  recordEnd(end: TurnEnd): void {
    this.append({ event: 'ended', ...end, time: new Date().toISOString() });
  }

  /** When a turn last started or ended, or when the session was created. */
  lastUsedAt(turns: readonly SessionTurn[] = this.turns()): string {
    // ISO times in UTC compare as text.
    return turns.reduce(
      (latest, turn) => [latest, turn.startedAt, turn.endedAt ?? ''].reduce((a, b) => (b > a ? b : a)),
      this.info.createdAt,
    );
  }

  summary(): SessionSummary {
    const turns = this.turns();
    const costs = turns.flatMap((turn) => (turn.costUsd === undefined ? [] : [turn.costUsd]));
    return {
      ...this.info,
      ...(turns[0] === undefined ? {} : { firstQuestion: turns[0].question }),
      turns: turns.length,
      tokens: turns.reduce((sum, turn) => sum + turn.tokens, 0),
      ...(costs.length === 0 ? {} : { costUsd: costs.reduce((sum, cost) => sum + cost, 0) }),
      lastUsedAt: this.lastUsedAt(turns),
    };
  }

  private append(line: TurnLine): void {
    // One write of one line with O_APPEND: two processes adding turns never interleave inside a line.
    appendFileSync(path.join(this.directory, 'turns.jsonl'), `${JSON.stringify(line)}\n`);
  }
}

/** The sessions under `.massgen/sessions`: created, found by id or prefix, listed. */
export class SessionStore {
  constructor(readonly root: string) {}

  create(options: { id?: string; team?: Record<string, unknown> } = {}): Session {
    const id = options.id ?? createSessionId();
    assertSessionId(id);
    const directory = path.join(this.root, id);
    mkdirSync(directory, { recursive: true });
    const info: SessionInfo = {
      id,
      createdAt: new Date().toISOString(),
      ...(options.team === undefined ? {} : { team: options.team }),
    };
    writeFileAtomicSync(path.join(directory, 'session.json'), `${JSON.stringify(info, null, 2)}\n`);
    return new Session(directory, info);
  }

  /** Every readable session, least recently used first. */
  list(): Session[] {
    if (!existsSync(this.root)) return [];
    return readdirSync(this.root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && isValidSessionId(entry.name))
      .flatMap((entry) => {
        const session = this.get(entry.name);
        return session === undefined ? [] : [session];
      })
      .map((session) => ({ session, used: session.lastUsedAt() }))
      .sort(
        (first, second) => first.used.localeCompare(second.used) || first.session.id.localeCompare(second.session.id),
      )
      .map(({ session }) => session);
  }

  latest(): Session | undefined {
    return this.list().at(-1);
  }

  /** A session by its id or a prefix only one session id has; undefined when none matches. */
  find(reference: string): Session | undefined {
    assertSessionId(reference);
    const exact = this.get(reference);
    if (exact !== undefined) return exact;
    const matches = this.list().filter((session) => session.id.startsWith(reference));
    if (matches.length > 1) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `Session "${reference}" is ambiguous: ${matches
          .slice(0, 5)
          .map((session) => session.id)
          .join(', ')}${matches.length > 5 ? ', ...' : ''} start with it. Give more of the id.`,
      });
    }
    return matches[0];
  }

  /** The session one of whose turns ran `runId`. */
  findByRun(runId: string): Session | undefined {
    return this.list()
      .reverse()
      .find((session) => session.turnOfRun(runId) !== undefined);
  }

  /** The session with exactly this id (a client's session id is never taken as a prefix). */
  get(id: string): Session | undefined {
    if (!isValidSessionId(id)) return undefined;
    const directory = path.join(this.root, id);
    try {
      const info = JSON.parse(readFileSync(path.join(directory, 'session.json'), 'utf8')) as SessionInfo;
      if (typeof info !== 'object' || info === null || info.id !== id || typeof info.createdAt !== 'string')
        return undefined;
      return new Session(directory, info);
    } catch {
      return undefined;
    }
  }
}

function assertSessionId(id: string): void {
  if (!isValidSessionId(id)) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `"${id}" is not a session id: expected 1 to 128 letters, digits, ".", "_" or "-", starting with a letter or digit.`,
    });
  }
}

/** The lines of `turns.jsonl`; a line cut short by a killed process (always the last) is skipped. */
function readTurnLines(file: string): TurnLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (line.trim() === '') return [];
      try {
        const value = JSON.parse(line) as TurnLine;
        return typeof value === 'object' && value !== null && typeof value.runId === 'string' ? [value] : [];
      } catch {
        return [];
      }
    });
}

function mergeTurnLines(lines: readonly TurnLine[]): SessionTurn[] {
  const started = new Map<string, Pick<SessionTurn, 'runId' | 'question' | 'startedAt' | 'recordDirectory'>>();
  const turns = new Map<string, SessionTurn>();
  for (const line of lines) {
    if (line.event === 'started') {
      const start = {
        runId: line.runId,
        question: line.question,
        startedAt: line.time,
        ...(line.recordDirectory === undefined ? {} : { recordDirectory: line.recordDirectory }),
      };
      started.set(line.runId, start);
      turns.set(line.runId, { ...start, tokens: 0 });
      continue;
    }
    const start = started.get(line.runId);
    if (start === undefined) continue;
    // A resumed run ends again: its latest end is the one that counts, so each end goes on the start.
    turns.set(line.runId, {
      ...start,
      endedAt: line.time,
      stopReason: line.stopReason,
      ...(line.finalAnswer === undefined ? {} : { finalAnswer: line.finalAnswer }),
      ...(line.winnerAgentId === undefined ? {} : { winnerAgentId: line.winnerAgentId }),
      tokens: line.tokens,
      ...(line.costUsd === undefined ? {} : { costUsd: line.costUsd }),
    });
  }
  return [...turns.values()];
}
