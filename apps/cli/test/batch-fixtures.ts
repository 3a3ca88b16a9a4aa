import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest, FakeOpenAIServer, FakeResponder } from '@massgen/testing';
import { useFakeServerDirectory } from './fake-server-directory.js';
import type { FakeServerDirectory } from './fake-server-directory.js';

/** Answers "What is A+B?" with the sum; the model "weak" gets it wrong when A is odd. */
function sumAnswer(request: FakeChatRequest): string {
  const match = /What is (\d+)\+(\d+)/.exec(JSON.stringify(request.messages));
  if (match === null) return 'I do not know.';
  const right = Number(match[1]) + Number(match[2]);
  return request.model === 'weak' && Number(match[1]) % 2 === 1 ? `It is ${right + 1}.` : `It is ${right}.`;
}

/** Plays every agent of a batch run: `sumAnswer` as its answer and when presenting, each reply held `latencyMs`. */
export function sumTeam(latencyMs?: number): FakeResponder {
  return createTeamResponder({ answer: sumAnswer, finalText: sumAnswer, latencyMs });
}

/** A directory and a fake server (key `test-key`) playing `sumTeam`, fresh for each test of the file that calls this. */
export function useSumServerDirectory(prefix: string, latencyMs?: number): FakeServerDirectory {
  return useFakeServerDirectory(prefix, { server: () => ({ apiKey: 'test-key', responder: sumTeam(latencyMs) }) });
}

/** `count` questions "What is i+2i?" with their expected sums, as JSON lines. */
function writeQuestions(directory: string, count: number, name = 'questions.jsonl'): string {
  const lines = Array.from({ length: count }, (_, index) => {
    const i = index + 1;
    return JSON.stringify({ id: `q${i}`, question: `What is ${i}+${2 * i}?`, expected: 3 * i });
  });
  const file = path.join(directory, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A team of a strong and a weak agent (the strong one presents) and the weak agent alone. */
function writeConfigurations(directory: string, url: string): { team: string; single: string } {
  const team = path.join(directory, 'team.yaml');
  const single = path.join(directory, 'single.yaml');
  writeFileSync(
    team,
    `agents:
  - id: strong
    backend: { type: chatcompletion, model: strong, base_url: "${url}", api_key: test-key }
  - id: weak
    backend: { type: chatcompletion, model: weak, base_url: "${url}", api_key: test-key }
`,
  );
  writeFileSync(
    single,
    `agent:
  id: solo
  backend: { type: chatcompletion, model: weak, base_url: "${url}", api_key: test-key }
`,
  );
  return { team, single };
}

export interface BatchFiles {
  /** The `writeQuestions` file. */
  questions: string;
  /** The `writeConfigurations` team. */
  team: string;
  /** The `writeConfigurations` weak agent alone. */
  single: string;
  /** Where the results go: `results.jsonl`, not written yet. */
  out: string;
}

/** What a batch test runs on, in the setup's directory: `count` questions and both configurations on its server. */
export function writeBatchFiles(setup: FakeServerDirectory, count: number): BatchFiles {
  return {
    questions: writeQuestions(setup.directory, count),
    ...writeConfigurations(setup.directory, setup.server.url),
    out: path.join(setup.directory, 'results.jsonl'),
  };
}

/** The arguments of `massgen batch` on `questions` with one configuration, writing to `out`. */
export function batchArgs(questions: string, configuration: string, out: string, ...options: string[]): string[] {
  return ['batch', questions, '-c', configuration, '-o', out, ...options];
}

export interface ResultLine {
  id: string;
  config: string;
  status: string;
  answer?: string;
  winner?: string;
  stopReason: string;
  tokens: { total: number };
  record?: string;
  worker?: string;
  durationMs: number;
  costUsd: number;
}

export function readResults(file: string): ResultLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ResultLine);
}

/** Resolves when the child's stderr has matched `pattern` (counting from the start). */
export function waitForStderr(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match !== null) {
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        resolve(match[0]);
      }
    };
    const onExit = (): void => reject(new Error(`exited before printing ${pattern}; stderr:\n${text}`));
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * Has the server answer sums after `latencyMs`, noting when each request arrives. `shortestGap`
 * is the least time between two arrivals: with one call admitted at a time it cannot be less
 * than the latency, since each call starts only after the previous reply.
 */
export function recordArrivals(server: FakeOpenAIServer, latencyMs: number): { shortestGap: () => number } {
  const arrivals: number[] = [];
  const team = sumTeam(latencyMs);
  server.setResponder((request, context) => {
    arrivals.push(Date.now());
    return team(request, context);
  });
  return {
    shortestGap: () => Math.min(...arrivals.slice(1).map((time, index) => time - (arrivals[index] as number))),
  };
}
