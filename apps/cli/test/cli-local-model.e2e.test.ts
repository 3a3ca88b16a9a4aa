import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeTinyLlamaGguf } from '@massgen/backend-local/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { runCli } from './run-cli.js';

const scratch = useTemporaryDirectory('cli-local', { perFile: true });
let modelPath: string;

beforeAll(async () => {
  modelPath = await writeTinyLlamaGguf(path.join(scratch.path, 'tiny.gguf'));
});

describe('massgen on the embedded local model (real llama.cpp, generated tiny model)', () => {
  it('with no configuration and no key, says so and runs a two-agent team to the end', async () => {
    const run = await runCli(['--no-display', '--timeout', '120', 'What is 2+2?'], {
      cwd: scratch.path,
      env: { MASSGEN_LOCAL_MODEL: modelPath, MASSGEN_MODELS_DIR: path.join(scratch.path, 'models') },
    });
    expect(run.stderr).toContain(
      `No configuration and no API key given: running 2 agents on the local model ${modelPath}`,
    );
    expect(run.stderr).toContain('Starting 2 agents: local-1 (local');
    // The answers come from grammar-constrained new_answer calls of a model that writes gibberish.
    expect(run.stderr).toMatch(/local-[12] answered \(agent[12]\.1/);
    // The grammar cannot forbid an answer of only whitespace, which the vote rules reject; a
    // gibberish model that writes one three times in a row drops out, so a team where both agents
    // did ends with all-agents-failed and exit code 2, its best answer still shown.
    const stopReason = /Finished in .* \(stop reason: ([a-z-]+)/.exec(run.stderr)?.[1];
    expect(stopReason, run.stderr).toMatch(/^(consensus|timeout|max-rounds|all-agents-failed)$/);
    expect(run.stderr).toMatch(/(presented the final answer|is the final answer)/);
    expect(run.code, run.stderr).toBe(stopReason === 'all-agents-failed' ? 2 : 0);
    const runs = run.stderr.match(/Run record: (\S+)/)?.[1];
    expect(runs).toBeDefined();
    const status = JSON.parse(await readFile(path.join(scratch.path, runs ?? '', 'status.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(status).toBeTypeOf('object');
  }, 180_000);

  it('with a provider key set and no configuration, asks for a team instead of running locally', async () => {
    const run = await runCli(['--no-display', 'What is 2+2?'], {
      cwd: scratch.path,
      env: { OPENAI_API_KEY: 'sk-test-not-real' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No team given: pass --config FILE, or --model MODEL');
    expect(run.stderr).not.toContain('sk-test-not-real');
  });

  it('--model path.gguf runs one agent on that file', async () => {
    const run = await runCli(['--no-display', '--timeout', '120', '--model', modelPath, 'Say hi'], {
      cwd: scratch.path,
    });
    expect(run.stderr).toContain(`Starting 1 agent: tiny (local, ${modelPath})`);
    expect(run.stderr).toContain('tiny is working on an answer');
    // A team of one answers in one call. The generated model writes gibberish, so an empty answer
    // is a possible end: the run then stops with all-agents-failed and exit code 2, as a real
    // provider failure would.
    const stopReason = /Finished in .* \(stop reason: ([a-z-]+)/.exec(run.stderr)?.[1];
    expect(stopReason, run.stderr).toMatch(/^(completed|timeout|all-agents-failed)$/);
    expect(run.code, run.stderr).toBe(stopReason === 'all-agents-failed' ? 2 : 0);
  }, 180_000);
});
