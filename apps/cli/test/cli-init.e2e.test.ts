import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import { cliBin, runCli } from './run-cli.js';
import type { CliRun } from './run-cli.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/** Plays a model server on this machine, which asks for no key. */
const setup = useFakeServerDirectory('init', {
  server: () => ({
    responder: createTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.' }),
  }),
  perFile: true,
});

/** `massgen init` with its answers piped to stdin, as a user would type them. */
function initWithAnswers(
  args: string[],
  answers: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [cliBin, 'init', ...args], {
    cwd,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(answers.map((answer) => `${answer}\n`).join(''));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

function freshDirectory(): string {
  return mkdtempSync(path.join(setup.directory, 'project-'));
}

describe('massgen init, interactive', () => {
  it('asks for backends, models, base URLs and the file, and writes a configuration that runs', async () => {
    const cwd = freshDirectory();
    const result = await initWithAnswers(
      [],
      ['chatcompletion, chatcompletion', 'model-a', setup.server.url, '', setup.server.url, 'team.yaml'],
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Backends for the team');
    expect(result.stderr).toContain('Model for chatcompletion-2');
    expect(result.stdout).toContain(
      'Wrote team.yaml: chatcompletion (chatcompletion, model-a), chatcompletion-2 (chatcompletion, gpt-4o-mini)',
    );
    expect(result.stdout).not.toContain('Missing');
    expect(readFileSync(path.join(cwd, 'team.yaml'), 'utf8')).toContain(`base_url: "${setup.server.url}"`);

    const run = await runCli(['--no-display', '--no-record', '--config', 'team.yaml', 'What is 2+2?'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('The answer is 4.\n');
    expect(setup.server.requests.map((request) => request.model)).toEqual(
      expect.arrayContaining(['model-a', 'gpt-4o-mini']),
    );
  });

  it('takes every default on empty answers, and asks before overwriting', async () => {
    const cwd = freshDirectory();
    writeFileSync(path.join(cwd, 'massgen.yaml'), 'old\n');
    const env = { OPENAI_API_KEY: 'sk-test-not-real' };
    const declined = await initWithAnswers([], ['', '', '', 'n'], cwd, env);
    expect(declined.code).toBe(1);
    expect(declined.stderr).toContain('massgen.yaml already exists; pass --force');
    expect(readFileSync(path.join(cwd, 'massgen.yaml'), 'utf8')).toBe('old\n');

    const accepted = await initWithAnswers([], ['', '', '', 'y'], cwd, env);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('Wrote massgen.yaml: openai (openai, gpt-5-nano)');
    expect(accepted.stdout).not.toContain('Missing');
  });

  it('offers the embedded local model when no API key is set, as a run with no key does', async () => {
    const cwd = freshDirectory();
    const result = await initWithAnswers([], ['', '', '', ''], cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('No API key is set: the default team runs on the local model, on this machine.');
    expect(result.stderr).toMatch(/Backends for the team, comma-separated \(.*\) \[local,local\]/);
    const written = readFileSync(path.join(cwd, 'massgen.yaml'), 'utf8');
    expect(written.match(/type: "local"/g)).toHaveLength(2);
    expect(written).toContain('model: "hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf"');
    expect(result.stdout).not.toContain('Missing');
  });
});

describe('massgen init --yes', () => {
  it('means the embedded llama.cpp backend by local, and LM Studio by lmstudio', async () => {
    const cwd = freshDirectory();
    const result = await runCli(['init', '--yes', '--backends', 'local,lmstudio,lm-studio,llamacpp'], { cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'Wrote massgen.yaml: local (local, hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf), lmstudio (lmstudio, qwen2.5-7b-instruct), lmstudio-2 (lmstudio, qwen2.5-7b-instruct), local-2 (local,',
    );
    const help = await runCli(['init', '--help'], { cwd });
    expect(help.stdout).toContain('massgen init --yes --backends local,local');
    const types = /Backend types: (.*)/.exec(help.stdout)?.[1]?.split(', ');
    expect(types).toEqual(expect.arrayContaining(['local', 'lmstudio']));
  });

  it('writes the backends and models from flags, reporting each key as found or missing', async () => {
    const cwd = freshDirectory();
    const result = await runCli(
      [
        'init',
        '--yes',
        '--backends',
        'openai,anthropic,gemini',
        '--models',
        'gpt-5,claude-opus-4-1',
        '--output',
        'team.yaml',
      ],
      { cwd, env: { GOOGLE_API_KEY: 'AIza-test-key-value' } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'Wrote team.yaml: openai (openai, gpt-5), claude (claude, claude-opus-4-1), gemini (gemini, gemini-2.5-flash)',
    );
    expect(result.stdout).toContain('Missing OPENAI_API_KEY');
    expect(result.stdout).toContain('Missing ANTHROPIC_API_KEY');
    expect(result.stdout).not.toContain('GOOGLE_API_KEY:');
    const written = readFileSync(path.join(cwd, 'team.yaml'), 'utf8');
    expect(written).toContain('#   GOOGLE_API_KEY: found');
    // The schema the installation ships, for editors: relative to the file when the CLI is nearby, else absolute.
    const schemaFile = /^# yaml-language-server: \$schema=(.+)$/m.exec(written)?.[1] ?? '';
    expect(JSON.parse(readFileSync(path.resolve(cwd, schemaFile), 'utf8'))).toMatchObject({
      title: 'MassGen configuration',
    });
    expect(result.stdout + readFileSync(path.join(cwd, 'team.yaml'), 'utf8')).not.toContain('AIza-test-key-value');

    const validated = await runCli(['--validate', 'team.yaml'], { cwd });
    expect(validated.code, validated.stdout).toBe(0);
    expect(validated.stdout).toContain('✓ team.yaml: 3 agents');
  });

  it('defaults to the providers whose keys are in .env', async () => {
    const cwd = freshDirectory();
    writeFileSync(path.join(cwd, '.env'), 'ANTHROPIC_API_KEY=sk-ant-from-dotenv\nXAI_API_KEY=xai-from-dotenv\n');
    const result = await runCli(['init', '--yes'], { cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Wrote massgen.yaml: claude (claude, claude-sonnet-4-6), grok (grok, grok-4-fast)');
    expect(result.stdout).not.toContain('Missing');
  });

  it('refuses an unknown backend, more models than backends, and overwriting without --force', async () => {
    const cwd = freshDirectory();
    const unknown = await runCli(['init', '--yes', '--backends', 'openai,nope'], { cwd });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown backend "nope"; expected one of .*\bopenai\b.*/);
    for (const type of ['claude', 'gemini', 'grok', 'chatcompletion', 'groq', 'local'])
      expect(unknown.stderr).toContain(type);
    const tooMany = await runCli(['init', '--yes', '--backends', 'openai', '--models', 'a,b'], { cwd });
    expect(tooMany.stderr).toContain('--models names 2 models for 1 backend');
    writeFileSync(path.join(cwd, 'massgen.yaml'), 'old\n');
    const kept = await runCli(['init', '--yes'], { cwd });
    expect(kept.code).toBe(1);
    expect(readFileSync(path.join(cwd, 'massgen.yaml'), 'utf8')).toBe('old\n');
    const forced = await runCli(['init', '--yes', '--force'], { cwd });
    expect(forced.code).toBe(0);
  });
});

describe('massgen --show-schema', () => {
  it('prints one backend’s options with --backend, and JSON with --json', async () => {
    const text = await runCli(['--show-schema', '--backend', 'openai'], { cwd: setup.directory });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('## Backend options: `type: openai`');
    expect(text.stdout).toContain('| `organization` | text |');
    const json = await runCli(['--show-schema', '--backend', 'grok', '--json'], { cwd: setup.directory });
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'object', properties: { base_url: { type: 'string' } } });
  });

  it('names the package to install for a backend type that is not installed', async () => {
    const result = await runCli(['--show-schema', '--backend', 'nonexistent'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('@massgen/backend-nonexistent');
  });
});
