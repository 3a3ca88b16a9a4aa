import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer, FakeResponder } from '@massgen/testing';
import { runCli } from './run-cli.js';
import type { CliRun } from './run-cli.js';
import { useFakeServerDirectory } from './fake-server-directory.js';
import type { FakeServerDirectory } from './fake-server-directory.js';
import { TmuxTerminal } from './tmux-terminal.js';

/** Plays every agent: `Four, says <model>.` as its answer, then votes, and `The answer is 4.` when presenting. */
export const fourTeam: FakeResponder = createTeamResponder({
  answer: (request) => `Four, says ${request.model}.`,
  finalText: 'The answer is 4.',
});

/** `fourTeam`, except that agent `id` is never sent a byte: its provider accepts each request and stays silent. */
export function silentAgent(id: string): FakeResponder {
  return (request, context) =>
    request.model === `model-${id}` ? { type: 'stall', afterChunks: 0 } : fourTeam(request, context);
}

/**
 * One chatcompletion agent of a team on the fake server at `url`, with model `model-<id>`;
 * `backend` adds settings to its backend (`, timeout_seconds: 1`).
 */
export function agentYaml(id: string, url: string, backend = ''): string {
  return `  - id: ${id}\n    backend: { type: chatcompletion, model: model-${id}, base_url: "${url}", api_key: k${backend} }\n`;
}

/** A team of one `agentYaml` agent per id. */
export function teamYaml(ids: readonly string[], url: string): string {
  return `agents:\n${ids.map((id) => agentYaml(id, url)).join('')}`;
}

export interface FileTeam extends FakeServerDirectory {
  /** `team.yaml`: alpha and beta, who answer "Four." and present "The answer is 4.". */
  readonly team: string;
}

/** One directory, fake server and two-agent `team.yaml` for all the tests of the file that calls this. */
export function useFileTeam(prefix: string): FileTeam {
  const setup = useFakeServerDirectory(prefix, {
    server: () => ({ responder: createTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.' }) }),
    perFile: true,
  });
  const team = (): string => path.join(setup.directory, 'team.yaml');
  beforeAll(() => {
    writeFileSync(team(), teamYaml(['alpha', 'beta'], setup.server.url));
  });
  return {
    get directory() {
      return setup.directory;
    },
    get server() {
      return setup.server;
    },
    get team() {
      return team();
    },
  };
}

export interface TeamFixture {
  /** The working directory of the test's runs; `.massgen/runs/` is found here. */
  readonly directory: string;
  /** A fake OpenAI-compatible server that plays the team (`fourTeam` until a test sets another responder). */
  readonly server: FakeOpenAIServer;
  /** Writes `team.yaml` with one chatcompletion agent per id (model `model-<id>`), plus `extra` YAML. */
  writeTeam(ids: readonly string[], extra?: string): string;
  /**
   * `writeTeam(ids, extra)`, then runs it without a display on "What is 2+2?" and expects it to
   * finish well with the answer the team presents, `The answer is 4.`
   */
  runTeam(ids: readonly string[], extra?: string): Promise<CliRun>;
  /** The directory of the newest run record. */
  latestRecord(): string;
  /** The newest run's `events.jsonl`, parsed. */
  recordedEvents(): RunEvent[];
  /** A JSON file of the newest run record, parsed. */
  recordedJson<Value>(name: 'status.json' | 'votes.json'): Value;
  /**
   * Starts the built CLI with `args` in a tmux terminal (100×30 unless told, with `env` added to
   * its environment) in `directory`; closed after the test.
   */
  startTerminal(
    args: readonly string[],
    size?: { columns: number; rows: number; env?: Record<string, string> },
  ): TmuxTerminal;
  /** `writeTeam(ids, extra)`, then `startTerminal` with that team asked "What is 2+2?". */
  startTeam(
    ids: readonly string[],
    extra?: string,
    size?: { columns: number; rows: number; env?: Record<string, string> },
  ): TmuxTerminal;
}

/** A fresh directory and fake server for each test of the file that calls this, removed after it. */
export function useTeamFixture(prefix: string): TeamFixture {
  const setup = useFakeServerDirectory(prefix, { server: () => ({ responder: fourTeam }) });
  let terminal: TmuxTerminal | undefined;
  afterEach(() => {
    terminal?.close();
    terminal = undefined;
  });
  const latestRecord = (): string => {
    const runs = path.join(setup.directory, '.massgen', 'runs');
    const latest = readdirSync(runs).sort().at(-1);
    if (latest === undefined) throw new Error('no run record was written');
    return path.join(runs, latest);
  };
  return {
    get directory() {
      return setup.directory;
    },
    get server() {
      return setup.server;
    },
    writeTeam(ids, extra = '') {
      const file = path.join(setup.directory, 'team.yaml');
      writeFileSync(file, `${teamYaml(ids, this.server.url)}${extra}`);
      return file;
    },
    async runTeam(ids, extra) {
      const file = this.writeTeam(ids, extra);
      const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: setup.directory });
      expect(result.code, result.stderr.slice(-2000)).toBe(0);
      expect(result.stdout).toBe('The answer is 4.\n');
      return result;
    },
    latestRecord,
    recordedEvents: () =>
      readFileSync(path.join(latestRecord(), 'events.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as RunEvent),
    recordedJson: <Value>(name: string) => JSON.parse(readFileSync(path.join(latestRecord(), name), 'utf8')) as Value,
    startTerminal(args, size = { columns: 100, rows: 30 }) {
      terminal = TmuxTerminal.start({ args: [...args], cwd: setup.directory, ...size });
      return terminal;
    },
    startTeam(ids, extra, size) {
      return this.startTerminal(['--config', this.writeTeam(ids, extra), 'What is 2+2?'], size);
    },
  };
}
