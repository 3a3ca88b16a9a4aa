import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeChatRequest, FakeReply } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { writeSoloAgent } from './solo-agent-config.js';
import { toolResults as orderedToolResults } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/** A sleep no other test runs, so that finding it running means this test left it. */
const leftover = `sleep 300.${String(process.pid).padStart(6, '0')}`;

/** The commands the agent runs, one per tool result so far, before it answers. */
const commands = [
  'echo "print(6 * 7)" > calc.py && cat calc.py',
  'rm -rf ..',
  'echo $OPENAI_API_KEY',
  'sleep 300',
  // Ways around a hand-written splitter; a shell parser sees the rm in each.
  'echo hi # "\nrm -rf ..',
  '\\rm -rf ..',
  "r''m -rf ..",
  '/bin/rm -rf ..',
  'if true; then rm -rf ..; fi',
  'echo $(rm -rf ..)',
  'env X=1 rm -rf ..',
  'timeout 5 rm -rf ..',
  `echo .. | xargs rm -rf`,
  // What a command leaves running when it ends, even outside its session, is ended with it.
  `setsid sh -c '${leftover} & echo started' && echo parent done`,
];

/** A team of one answers directly: it runs the commands, then writes its answer as text. */
function respond(request: FakeChatRequest): FakeReply {
  const done = request.messages.filter((message) => message.role === 'tool').length;
  const command = commands[done];
  if (command === undefined) return { type: 'text', text: 'calc.py prints 42.' };
  return { type: 'tool-calls', calls: [{ name: 'execute_command', arguments: { command, timeout_seconds: 1 } }] };
}

const setup = useFakeServerDirectory('cli-command', {
  server: () => ({ apiKey: 'test-key', responder: respond }),
  resolveLinks: true,
});

describe('massgen with enable_mcp_command_line', () => {
  it('runs the allowed commands in the agent workspace with a time limit, and refuses the blocked ones', async () => {
    const file = writeSoloAgent(path.join(setup.directory, 'coder.yaml'), {
      id: 'coder',
      url: setup.server.url,
      backend: `cwd: workspace
enable_mcp_command_line: true
command_line_execution_mode: local
command_line_allowed_commands: ["echo .*", "cat .*", "sleep .*", "xargs .*", "true"]
command_line_blocked_commands: ["rm .*"]`,
    });
    const result = await runCli(['--no-display', '--config', file, 'Write calc.py'], {
      cwd: setup.directory,
      env: { OPENAI_API_KEY: 'sk-secret-for-test' },
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('calc.py prints 42.\n');

    const toolResults = setup.server.requests.flatMap((request) =>
      request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)),
    );
    expect(toolResults).toContainEqual(
      expect.stringMatching(
        /^\$ echo "print\(6 \* 7\)" > calc\.py && cat calc\.py\nexit code 0 \(\d+\.\d s\)\n--- stdout ---\nprint\(6 \* 7\)\n$/,
      ),
    );
    expect(toolResults).toContain('Error: Command refused: "rm -rf .." matches the blocked pattern "rm .*".');
    const inOrder = orderedToolResults(setup.server.requests);
    expect(inOrder).toHaveLength(commands.length);
    commands.forEach((command, index) => {
      if (index >= 4 && index < commands.length - 1)
        expect(inOrder[index], command).toMatch(/^Error: Command refused: .*rm -rf/s);
    });
    expect(inOrder.at(-1)).toMatch(/^\$ setsid .*\nexit code 0 .*started\nparent done/s);
    expect(execFileSync('sh', ['-c', `pgrep -f '^${leftover}$' || true`], { encoding: 'utf8' }).trim()).toBe('');
    expect(toolResults).toContainEqual(
      expect.stringMatching(/^\$ echo \$OPENAI_API_KEY\nexit code 0 \(\d+\.\d s\)\n--- stdout ---\n\n$/),
    );
    expect(toolResults).toContainEqual(
      expect.stringMatching(/^Error: \$ sleep 300\nstopped: it ran past the 1 s time limit/),
    );
    expect(JSON.stringify(setup.server.requests.map((request) => request.body))).not.toContain('sk-secret-for-test');

    const [runId] = readdirSync(path.join(setup.directory, '.massgen', 'workspaces'));
    expect(
      readFileSync(path.join(setup.directory, '.massgen', 'workspaces', runId ?? '', 'workspace', 'calc.py'), 'utf8'),
    ).toBe('print(6 * 7)\n');
    expect(existsSync(file)).toBe(true);
  });
});
