import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import { useFakeServerDirectory } from './fake-server-directory.js';

const cliDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A user's project that depends on `massgen` alone, as pnpm lays it out: the backends and the
 * vote strategy that massgen brings are not visible from the project itself.
 */
const setup = useFakeServerDirectory('api', {
  server: () => ({
    responder: createTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.' }),
  }),
});
beforeEach(() => {
  mkdirSync(path.join(setup.directory, 'node_modules'));
  symlinkSync(cliDirectory, path.join(setup.directory, 'node_modules', 'massgen'), 'dir');
  writeFileSync(path.join(setup.directory, 'package.json'), '{"type":"module","dependencies":{"massgen":"*"}}');
  const agents = ['a', 'b']
    .map(
      (name) =>
        `  - id: agent-${name}\n    backend:\n      type: chatcompletion\n      model: model-${name}\n      base_url: "${setup.server.url}"\n`,
    )
    .join('');
  writeFileSync(path.join(setup.directory, 'team.yaml'), `agents:\n${agents}`);
});

function runScript(source: string): Promise<{ code: number; stdout: string; stderr: string }> {
  writeFileSync(path.join(setup.directory, 'script.mjs'), source);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['script.mjs'],
      { cwd: setup.directory, encoding: 'utf8', env: { PATH: process.env['PATH'], HOME: process.env['HOME'] } },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number((error as { code?: number }).code ?? 1), stdout, stderr });
      },
    );
  });
}

describe("import { run, runStream } from 'massgen'", () => {
  it('runs a team from a file and returns the answer, winner, votes, answers, usage and record location', async () => {
    const result = await runScript(`
      import { run } from 'massgen';
      const result = await run('team.yaml', 'What is 2+2?');
      console.log(JSON.stringify(result));
    `);
    expect(result.stderr).toBe('');
    const parsed = JSON.parse(result.stdout) as Record<string, unknown> & {
      votes: unknown[];
      answers: unknown[];
      usage: Array<{ agentId: string }>;
      recordDirectory: string;
    };
    expect(parsed).toMatchObject({
      stopReason: 'consensus',
      finalAnswer: 'The answer is 4.',
      winnerAgentId: expect.stringMatching(/^agent-[ab]$/),
    });
    expect(parsed.votes).toHaveLength(2);
    expect(parsed.answers.length).toBeGreaterThanOrEqual(1);
    expect(parsed.usage.map((entry) => entry.agentId).sort()).toEqual(['agent-a', 'agent-b']);
    expect(parsed.recordDirectory.startsWith(path.join(setup.directory, '.massgen', 'runs'))).toBe(true);
  });

  it('streams the events of a run from a configuration object, ending with its result', async () => {
    const result = await runScript(`
      import { runStream } from 'massgen';
      const config = {
        baseDir: process.cwd(), dialect: 'seed', singleAgent: true, strategy: 'vote', warnings: [], lines: {}, env: {},
        agents: [{ id: 'solo', backend: { type: 'chatcompletion', model: 'solo-model', sampling: {}, options: { base_url: ${JSON.stringify(setup.server.url)} } } }],
        orchestrator: { workflow: 'parallel', maxTurnAttempts: 3, budget: {}, coordinateSingleAgent: true },
        tools: [],
        display: { type: 'none', liveTimeline: false, showAgentCards: false },
      };
      const stream = runStream(config, 'What is 2+2?', { record: false });
      let answer = '';
      const types = [];
      for await (const event of stream.events) {
        types.push(event.type);
        if (event.type === 'final-delta') answer += event.text;
      }
      const final = await stream.result;
      console.log(JSON.stringify({ types, answer, final: final.finalAnswer }));
    `);
    expect(result.stderr).toBe('');
    const parsed = JSON.parse(result.stdout) as { types: string[]; answer: string; final: string };
    expect(parsed.types[0]).toBe('run-start');
    expect(parsed.types.at(-1)).toBe('run-end');
    expect(parsed.types).toEqual(expect.arrayContaining(['answer', 'vote', 'consensus', 'final']));
    expect(parsed.answer).toBe('The answer is 4.');
    expect(parsed.final).toBe('The answer is 4.');
  });
});
