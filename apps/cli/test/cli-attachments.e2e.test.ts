import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samplePdf, samplePng, sampleWav } from '@massgen/testing';
import type { FakeMedia } from '@massgen/testing';
import { mixedTeamFile, useProviderTeam } from './provider-team.js';
import { runCli } from './run-cli.js';

const keys = {
  openai: 'sk-test-openai-media-0123',
  anthropic: 'sk-ant-test-media-0123',
  gemini: 'AIzaTestGemini-media-0123',
};
const png = samplePng({ width: 3, height: 2, rgb: [10, 120, 240] });
const pdf = samplePdf('Quarterly numbers: up 4%.');
const setup = useProviderTeam('cli-attachments', {
  keys,
  answers: { openai: 'GPT: a blue picture.', anthropic: 'Claude: blue.', gemini: 'Gemini: blue.' },
  finalText: 'Final: a blue picture.',
});
let files: Server;

beforeAll(async () => {
  files = createServer((request, response) => {
    if (request.url === '/chart.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else response.writeHead(404, 'Not Found').end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  writeFileSync(path.join(setup.directory, 'square.png'), png);
  writeFileSync(path.join(setup.directory, 'numbers.pdf'), pdf);
  writeFileSync(path.join(setup.directory, 'memo.wav'), sampleWav());
});

/** Where each server's request log stood when the current test began. */
let seen = { openai: 0, claude: 0, gemini: 0 };

beforeEach(() => {
  seen = {
    openai: setup.server.openai.requests.length,
    claude: setup.server.anthropic.requests.length,
    gemini: setup.server.gemini.requests.length,
  };
});

afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
});

function carries(media: readonly FakeMedia[], mediaType: string, bytes: Buffer): boolean {
  return media.some((item) => item.mediaType === mediaType && item.bytes?.equals(bytes) === true);
}

function allRequests(): Array<{ provider: string; media: FakeMedia[] }> {
  return [
    ...setup.server.openai.requests.slice(seen.openai).map((request) => ({ provider: 'openai', media: request.media })),
    ...setup.server.anthropic.requests
      .slice(seen.claude)
      .map((request) => ({ provider: 'claude', media: request.media })),
    ...setup.server.gemini.requests.slice(seen.gemini).map((request) => ({ provider: 'gemini', media: request.media })),
  ];
}

describe('attachments through the CLI', () => {
  it('sends --image and --file to every agent of a mixed team, and keeps them in the run record', async () => {
    const result = await runCli(
      [
        '--no-display',
        '--config',
        mixedTeamFile,
        '--image',
        'square.png',
        '--file',
        'numbers.pdf',
        'What does it show?',
      ],
      { cwd: setup.directory, env: setup.server.env },
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final: a blue picture.\n');
    const requests = allRequests();
    expect(new Set(requests.map((request) => request.provider))).toEqual(new Set(['openai', 'claude', 'gemini']));
    for (const request of requests) {
      expect(carries(request.media, 'image/png', png), `${request.provider} request carries the image`).toBe(true);
      expect(carries(request.media, 'application/pdf', pdf), `${request.provider} request carries the PDF`).toBe(true);
    }
    const runs = path.join(setup.directory, '.massgen', 'runs');
    const [runId] = readdirSync(runs);
    const record = path.join(runs, runId ?? '');
    expect(readFileSync(path.join(record, 'attachments', '1-square.png'))).toEqual(png);
    expect(JSON.parse(readFileSync(path.join(record, 'attachments.json'), 'utf8'))).toEqual([
      {
        type: 'image',
        mediaType: 'image/png',
        filename: 'square.png',
        file: 'attachments/1-square.png',
        bytes: png.length,
      },
      {
        type: 'file',
        mediaType: 'application/pdf',
        filename: 'numbers.pdf',
        file: 'attachments/2-numbers.pdf',
        bytes: pdf.length,
      },
    ]);
  });

  it('fetches an --image URL once and sends its bytes to every agent', async () => {
    const url = `http://127.0.0.1:${(files.address() as AddressInfo).port}/chart.png`;
    const result = await runCli(
      ['--no-display', '--no-record', '--config', mixedTeamFile, '--image', url, 'Describe it.'],
      {
        cwd: setup.directory,
        env: setup.server.env,
      },
    );
    expect(result.code).toBe(0);
    for (const request of allRequests()) expect(carries(request.media, 'image/png', png)).toBe(true);
  });

  it('stops before any agent starts on a missing file, a file that is no image, or a URL that fails', async () => {
    const missing = await runCli(['--no-display', '--config', mixedTeamFile, '--image', 'nope.png', 'q'], {
      cwd: setup.directory,
      env: setup.server.env,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `massgen: Cannot read the attachment ${path.join(setup.directory, 'nope.png')}: no such file.`,
    );
    const notImage = await runCli(['--no-display', '--config', mixedTeamFile, '--image', 'numbers.pdf', 'q'], {
      cwd: setup.directory,
      env: setup.server.env,
    });
    expect(notImage.code).toBe(1);
    expect(notImage.stderr).toContain(
      'numbers.pdf is not an image (it is application/pdf); attach it as a file instead.',
    );
    const url = `http://127.0.0.1:${(files.address() as AddressInfo).port}/gone.png`;
    const gone = await runCli(['--no-display', '--config', mixedTeamFile, '--image', url, 'q'], {
      cwd: setup.directory,
      env: setup.server.env,
    });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`Cannot fetch the attachment ${url}: the server answered 404 Not Found.`);
    expect(allRequests()).toHaveLength(0);
    for (const run of [missing, notImage, gone]) expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(setup.directory, 'nope.png'))).toBe(false);
  });

  it('names the agent whose provider cannot take a recording, and the rest of the team answers', async () => {
    const result = await runCli(
      ['--no-display', '--no-record', '--config', mixedTeamFile, '--file', 'memo.wav', 'Transcribe.'],
      {
        cwd: setup.directory,
        env: setup.server.env,
      },
    );
    expect(result.stderr).toMatch(
      /"gpt" \(openai\/gpt-5-nano\) was dropped .*: Agent "gpt" \(openai\/gpt-5-nano\) cannot send "memo.wav" \(audio\/wav\)/,
    );
    expect(result.stderr).toMatch(
      /"claude" .* was dropped .*: Agent "claude" \(claude\/claude-sonnet-4-6\) cannot send "memo.wav"/,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final: a blue picture.\n');
    const requests = allRequests();
    expect(requests.filter((request) => request.provider !== 'gemini')).toHaveLength(0);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.media.some((item) => item.mediaType === 'audio/wav'))).toBe(true);
  });
});
