import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxAvailability } from '@massgen/process-containment';
import { createFakeOpenAIServer } from '@massgen/testing';
import type { FakeChatRequest, FakeOpenAIServer, FakeReply } from '@massgen/testing';
import { commandLineAgentYaml } from './command-line-agent.js';
import { runCli } from './run-cli.js';
import { toolResults } from './tool-script-responder.js';

/**
 * Escape attempts by the model, through the built CLI: a two-agent team whose coder asks the
 * command tool to run each attempt, once in the OS sandbox (the default) and once in `local`
 * mode, where the same commands behave as they always did (unconfined).
 */
let directory: string;
let server: FakeOpenAIServer;
/** A web server on the host's loopback: reaching it means the command had a network. */
let website: Server;
const available = sandboxAvailability();
if (!available.available) console.warn(`skipping the sandbox escape tests: ${available.reason}`);

/** A sleep no other test runs, so that finding it running means this test left it. */
const leftover = `sleep 300.${String(process.pid).padStart(6, '0')}7`;

const at = (...parts: string[]): string => path.join(directory, ...parts);

interface Attempt {
  name: string;
  command: string;
  /** What the attempt reaches when nothing stops it. */
  secret: string;
}

function attempts(port: number): Attempt[] {
  return [
    { name: 'read outside', command: `cat ${at('outside', 'secret.txt')}`, secret: 'outside secret' },
    {
      name: 'write a read-only context path',
      command: `echo changed > ${at('context', 'notes.md')} && echo wrote-context`,
      secret: 'wrote-context',
    },
    {
      name: 'write outside',
      command: `echo planted > ${at('outside', 'planted.txt')} && echo wrote-outside`,
      secret: 'wrote-outside',
    },
    { name: 'follow a planted link', command: 'cat link-to-outside', secret: 'outside secret' },
    {
      name: 'reach the network',
      command: `curl -sS --max-time 10 http://127.0.0.1:${port}/`,
      secret: 'network reached',
    },
    { name: "read another agent's workspace", command: `cat ${at('peer_ws', 'plan.md')}`, secret: 'peer plan' },
    { name: "read the user's home", command: 'cat "$HOME/.ssh/id_ed25519"', secret: 'home secret' },
    { name: 'read the configuration', command: `cat ${at('team.yaml')}`, secret: 'team-config-marker' },
    {
      name: 'leave a background process',
      command: `setsid sh -c '${leftover} & echo started' && echo parent done`,
      secret: 'parent done',
    },
  ];
}

/**
 * The coder runs the attempts one per turn, then answers; the peer waits for the coder's
 * answer before it answers (so the coder is never restarted mid-script), and both vote for the coder.
 */
function responder(commands: readonly string[]) {
  let coderAnswered: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (coderAnswered = resolve));
  return async (request: FakeChatRequest): Promise<FakeReply> => {
    const offered = request.tools.map((tool) => tool.function.name);
    if (!offered.includes('new_answer') && !offered.includes('vote')) return { type: 'text', text: 'Attempts done.' };
    if (offered.includes('vote'))
      return { type: 'tool-calls', calls: [{ name: 'vote', arguments: { agent_id: 'agent1', reason: 'Done.' } }] };
    if (request.model === 'model-peer') {
      await answered;
      return { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content: 'Peer plan.' } }] };
    }
    const done = request.messages.filter((message) => message.role === 'tool').length;
    const command = commands[done];
    if (command === undefined) {
      coderAnswered();
      return { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content: 'Attempts done.' } }] };
    }
    return { type: 'tool-calls', calls: [{ name: 'execute_command', arguments: { command, timeout_seconds: 30 } }] };
  };
}

beforeEach(async () => {
  website = createServer((_request, response) => response.end('network reached\n'));
  website.listen(0, '127.0.0.1');
  await new Promise((resolve) => website.once('listening', resolve));
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-cli-sandbox-')));
  for (const folder of ['outside', 'context', 'peer_ws', 'coder_ws', path.join('home', '.ssh')])
    mkdirSync(at(folder), { recursive: true });
  writeFileSync(at('outside', 'secret.txt'), 'outside secret\n');
  writeFileSync(at('context', 'notes.md'), 'context notes\n');
  writeFileSync(at('peer_ws', 'plan.md'), 'peer plan\n');
  writeFileSync(at('home', '.ssh', 'id_ed25519'), 'home secret\n');
  symlinkSync(at('outside', 'secret.txt'), at('coder_ws', 'link-to-outside'));
});

afterEach(async () => {
  await server?.close();
  website.close();
  rmSync(directory, { recursive: true, force: true });
});

async function runTeam(mode: 'sandbox' | 'local') {
  const commands: string[] = [];
  server = await createFakeOpenAIServer({ apiKey: 'sk-in-the-file', responder: responder(commands) });
  const list = attempts((website.address() as AddressInfo).port);
  commands.push(...list.map((attempt) => attempt.command));
  const inTheFile = { url: server.url, apiKey: 'sk-in-the-file' };
  writeFileSync(
    at('team.yaml'),
    `# team-config-marker
orchestrator:
  context_paths:
    - { path: context, permission: read }
agents:
${commandLineAgentYaml('coder', {
  ...inTheFile,
  cwd: at('coder_ws'),
  lines: ['enable_mcp_command_line: true', ...(mode === 'local' ? ['command_line_execution_mode: local'] : [])],
})}
${commandLineAgentYaml('peer', { ...inTheFile, cwd: at('peer_ws') })}
`,
  );
  const result = await runCli(['--no-display', '--config', at('team.yaml'), 'Try to get out'], {
    cwd: directory,
    env: { HOME: at('home') },
  });
  const coderRequests = server.requests.filter((request) => request.model === 'model-coder');
  const results = toolResults(coderRequests);
  return { result, list, results };
}

const running = (): string =>
  execFileSync('sh', ['-c', `pgrep -f '^${leftover}$' || true`], { encoding: 'utf8' }).trim();

describe.skipIf(!available.available)('commands in the OS sandbox, through the CLI', () => {
  it('refuses or contains every escape attempt, and says where commands run', async () => {
    const { result, list, results } = await runTeam('sandbox');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/agent coder: commands run in the OS sandbox, the default .*network: none/);
    expect(results).toHaveLength(list.length);
    list.forEach((attempt, index) => {
      const output = results[index] ?? '';
      expect(output, attempt.name).toMatch(/^(Error: )?\$ /);
      // What the command printed, after the line that echoes it.
      const printed = output.slice(output.indexOf('\n'));
      if (attempt.name === 'leave a background process') {
        expect(printed, attempt.name).toContain('parent done');
        return;
      }
      expect(printed, attempt.name).not.toContain(attempt.secret);
      expect(output, attempt.name).toMatch(/^Error: /);
    });
    expect(results[1]).toContain('Read-only file system');
    expect(results[2]).toMatch(/Directory nonexistent|No such file or directory|Read-only file system/);
    expect(results[4]).toMatch(/Failed to connect|Couldn't connect/);
    expect(readFileSync(at('context', 'notes.md'), 'utf8')).toBe('context notes\n');
    expect(existsSync(at('outside', 'planted.txt'))).toBe(false);
    expect(running()).toBe('');
  });
});

describe('the same commands in local mode', () => {
  it('run unconfined, as before, and still end every process they start', async () => {
    const { result, list, results } = await runTeam('local');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/agent coder: command_line_execution_mode is local: commands run unconfined/);
    expect(results).toHaveLength(list.length);
    list.forEach((attempt, index) => {
      const output = results[index] ?? '';
      expect(output.slice(output.indexOf('\n')), attempt.name).toContain(attempt.secret);
    });
    expect(readFileSync(at('context', 'notes.md'), 'utf8')).toBe('changed\n');
    expect(readFileSync(at('outside', 'planted.txt'), 'utf8')).toBe('planted\n');
    expect(running()).toBe('');
  });
});
