import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxAvailability } from './sandbox-availability.js';
import type { SandboxPolicy } from './sandbox-policy.js';
import { spawnContained } from './spawn-contained.js';

let root: string;
let home: string;
let workspace: string;
let readOnly: string;
let outside: string;
/** Outside the temporary directory too, so that a private /tmp is not what hides it. */
let elsewhere: string;

const available = sandboxAvailability();
if (!available.available) console.warn(`skipping the sandbox tests: ${available.reason}`);

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-sandbox-')));
  home = path.join(root, 'home');
  workspace = path.join(root, 'workspace');
  readOnly = path.join(root, 'context');
  outside = path.join(root, 'outside');
  for (const directory of [home, workspace, readOnly, outside]) mkdirSync(directory);
  elsewhere = mkdtempSync(path.join(import.meta.dirname, '..', '.sandbox-test-'));
  writeFileSync(path.join(elsewhere, 'secret.txt'), 'elsewhere secret');
  writeFileSync(path.join(home, 'id_ed25519'), 'home secret');
  writeFileSync(path.join(readOnly, 'notes.md'), 'context notes');
  writeFileSync(path.join(outside, 'secret.txt'), 'outside secret');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

async function sandboxed(
  script: string,
  policy: Partial<SandboxPolicy> = {},
): Promise<{ code: number | null; output: string }> {
  const contained = spawnContained('/bin/sh', ['-c', script], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home },
    cwd: workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
    sandbox: {
      workingDirectory: workspace,
      paths: [
        { path: workspace, access: 'write' },
        { path: readOnly, access: 'read' },
      ],
      network: { kind: 'none' },
      ...policy,
    },
  });
  let output = '';
  contained.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  contained.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(contained.child, 'close')) as [number | null];
  return { code, output };
}

describe.skipIf(!available.available)('a sandboxed process', () => {
  it('writes its workspace and reads its read-only paths, and nothing else', async () => {
    // Each attempt that the sandbox refuses prints its marker.
    const refusals = {
      'refused-read-only': `echo x > ${readOnly}/new.txt`,
      'refused-outside-read': `cat ${outside}/secret.txt`,
      'refused-outside-write': `echo x > ${outside}/new.txt`,
      'refused-home': `cat ${home}/id_ed25519`,
      'refused-elsewhere': `cat ${elsewhere}/secret.txt`,
      'refused-system': 'echo x > /usr/new.txt',
    };
    const result = await sandboxed(
      [
        'echo made > made.txt && echo wrote-workspace',
        `cat ${readOnly}/notes.md`,
        ...Object.entries(refusals).map(([marker, attempt]) => `${attempt} || echo ${marker}`),
      ].join('\n'),
    );
    expect(result.output).toContain('wrote-workspace');
    expect(result.output).toContain('context notes');
    for (const marker of Object.keys(refusals)) expect(result.output).toContain(marker);
    expect(result.output).not.toMatch(/outside secret|home secret|elsewhere secret/);
    expect(readFileSync(path.join(workspace, 'made.txt'), 'utf8')).toBe('made\n');
  });

  it('follows a link planted in the workspace only to what the sandbox already shows', async () => {
    symlinkSync(path.join(outside, 'secret.txt'), path.join(workspace, 'link'));
    symlinkSync(outside, path.join(workspace, 'outside-directory'));
    const result = await sandboxed(
      'cat link || echo refused-link; echo x > outside-directory/planted || echo refused-link-write',
    );
    expect(result.output).toContain('refused-link');
    expect(result.output).toContain('refused-link-write');
    expect(result.output).not.toContain('outside secret');
  });

  it('keeps a hidden directory inside a readable one empty, with an allowed directory inside it still reachable', async () => {
    const privateArea = path.join(readOnly, 'private');
    const inner = path.join(privateArea, 'inner');
    mkdirSync(inner, { recursive: true });
    writeFileSync(path.join(privateArea, 'other.txt'), 'private');
    writeFileSync(path.join(inner, 'mine.txt'), 'mine');
    const result = await sandboxed(
      `ls ${privateArea} || echo refused-listing; cat ${privateArea}/other.txt; cat ${inner}/mine.txt`,
      {
        paths: [
          { path: workspace, access: 'write' },
          { path: readOnly, access: 'read' },
          { path: privateArea, access: 'hidden' },
          { path: inner, access: 'read' },
        ],
      },
    );
    expect(result.output).toContain('refused-listing');
    expect(result.output).not.toContain('private\n');
    expect(result.output).toContain('mine');
  });

  it('has no network unless asked: a server on the host loopback cannot be reached', async () => {
    const server = createServer((socket) => socket.end('hello from the host\n'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const connect = `node -e "require('net').connect(${port}, '127.0.0.1').on('data', (d) => process.stdout.write(d)).on('error', (e) => console.log('refused-network', e.code))"`;
    try {
      const closed = await sandboxed(connect);
      expect(closed.output).toContain('refused-network');
      const shared = await sandboxed(connect, { network: { kind: 'host' } });
      expect(shared.output).toContain('hello from the host');
    } finally {
      server.close();
    }
  });
});
