import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import { cliBin, runCli } from './run-cli.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * skills/massgen/SKILL.md is followed as an assistant would: its commands are taken from the
 * file and run with the built CLI, the team's models played by a fake OpenAI server.
 */
const skillFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../skills/massgen/SKILL.md');
const skill = readFileSync(skillFile, 'utf8');
const key = 'sk-test-skill-0123456789';
const finalText = 'Use cursor pagination.';

const setup = useFakeServerDirectory('skill', {
  server: () => ({
    apiKey: key,
    responder: createTeamResponder({ answer: 'Cursor pagination is stable under inserts.', finalText }),
  }),
  perFile: true,
});

/** Every `massgen ...` line of the skill's bash blocks, in order. */
function documentedCommands(): string[] {
  const blocks = [...skill.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n'))
    .filter((line) => line.startsWith('massgen ') || line.startsWith('curl '));
}

function command(prefix: string): string {
  const found = documentedCommands().find((line) => line.startsWith(prefix));
  if (found === undefined) throw new Error(`SKILL.md documents no command starting with "${prefix}"`);
  return found;
}

/** Shell words of one line: double and single quotes, and a trailing `> file`. */
function shellWords(line: string): { words: string[]; redirect?: string } {
  const words = [...line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  const arrow = words.indexOf('>');
  if (arrow === -1) return { words };
  return { words: words.slice(0, arrow), redirect: words[arrow + 1] ?? '' };
}

function massgenArgs(line: string): { args: string[]; redirect?: string } {
  const { words, redirect } = shellWords(line);
  expect(words[0]).toBe('massgen');
  return { args: words.slice(1), ...(redirect === undefined ? {} : { redirect }) };
}

describe('the massgen agent skill', () => {
  it('has Agent Skills front matter: a name matching its directory and a description', () => {
    const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(skill)?.[1] ?? '';
    const name = /^name: (.+)$/m.exec(frontMatter)?.[1];
    const description = /^description: (.+)$/m.exec(frontMatter)?.[1] ?? '';
    expect(name).toBe(path.basename(path.dirname(skillFile)));
    expect(name).toMatch(/^[a-z0-9-]{1,64}$/);
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(1024);
  });

  it('works as documented: init, validate, ask, read the answer back', async () => {
    const env = { OPENAI_API_KEY: key };
    const init = await runCli(massgenArgs(command('massgen init')).args, { cwd: setup.directory, env });
    expect(init.code, init.stderr).toBe(0);
    // The team init wrote, pointed at the fake server instead of api.openai.com.
    const team = path.join(setup.directory, 'team.yaml');
    writeFileSync(
      team,
      readFileSync(team, 'utf8').replace(
        /^(\s+)type: "openai"$/m,
        `$1type: "openai"\n$1base_url: "${setup.server.url}"`,
      ),
    );

    const validate = await runCli(massgenArgs(command('massgen --validate')).args, { cwd: setup.directory, env });
    expect(validate.code, validate.stdout).toBe(0);

    const ask = massgenArgs(command('massgen --no-display --config'));
    const run = await runCli(ask.args, { cwd: setup.directory, env });
    expect(run.code, run.stderr).toBe(0);
    expect(ask.redirect).toBe('answer.md');
    expect(run.stdout).toBe(`${finalText}\n`);
    expect(run.stderr).toMatch(/answered|voted/);
    expect(
      setup.server.requests.some((request) => JSON.stringify(request.messages).includes('cursor or offset pagination')),
    ).toBe(true);

    const logs = await runCli(massgenArgs(command('massgen logs show latest')).args, { cwd: setup.directory, env });
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stdout).toContain(finalText);
  });

  it('works through the server it documents, with its curl request', async () => {
    const serveLine = /`(massgen serve [^`]+)`/.exec(skill)?.[1];
    expect(serveLine).toBeDefined();
    const { args } = massgenArgs(serveLine ?? '');
    const child = spawn(process.execPath, [cliBin, ...args, '--port', '0', '--no-record'], {
      cwd: setup.directory,
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'], OPENAI_API_KEY: key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.on('close', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const match = /listening on (http:\/\/\S+) /.exec(stderr);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.on('close', () => reject(new Error(`massgen serve exited: ${stderr}`)));
      });
      const curl = shellWords(command('curl ')).words;
      const body = curl[curl.indexOf('-d') + 1] ?? '';
      const documentedUrl = new URL(curl.find((word) => word.startsWith('http://')) ?? '');
      const response = await fetch(`${url}${documentedUrl.pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status).toBe(200);
      const completion = (await response.json()) as { choices: Array<{ message: { content: string } }> };
      expect(completion.choices[0]?.message.content).toBe(finalText);
    } finally {
      child.kill('SIGINT');
      await exited;
    }
  });
});
