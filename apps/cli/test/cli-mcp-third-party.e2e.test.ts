import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeMcpTeam } from './mcp-team.js';
import { runCli } from './run-cli.js';
import { startServe, stopServes } from './serve-process.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * A third-party MCP integration, `massgen-mcp-notebook` (tools/), installed in the user's project
 * as `npm install massgen-mcp-notebook` would: `integration: notebook` loads it by name, its own
 * server starts, the agent's call reaches it and the result reaches the model. Its secret option,
 * which only its metadata says is secret, is redacted from everything the run shows and keeps.
 */

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tools/massgen-mcp-notebook');
const accessCode = 'open-sesame-4411';

const setup = useFakeServerDirectory('cli-mcp-third-party', {
  server: () => ({ apiKey: 'test-key' }),
  resolveLinks: true,
});
beforeEach(() => {
  mkdirSync(path.join(setup.directory, 'node_modules'));
  symlinkSync(fixture, path.join(setup.directory, 'node_modules', 'massgen-mcp-notebook'));
  writeFileSync(
    path.join(setup.directory, 'notebook.json'),
    JSON.stringify({
      access_code: accessCode,
      notes: { launch: 'We launch on Friday.', 'sign-in': `The code is ${accessCode}.` },
    }),
  );
});

afterEach(async () => {
  await stopServes();
});

function writeConfig(code: string): string {
  return writeMcpTeam(path.join(setup.directory, 'team.yaml'), {
    url: setup.server.url,
    servers: `        - name: notes
          integration: notebook
          options:
            file: notebook.json
            access_code: ${JSON.stringify(code)}
`,
  });
}

/** Every file of the run records, with its content. */
function recordFiles(): string {
  const root = path.join(setup.directory, '.massgen');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

describe.runIf(process.platform === 'linux')('a third-party MCP integration', { timeout: 90_000 }, () => {
  it('installed in the project as massgen-mcp-notebook: the agent calls its tool and the note reaches the model', async () => {
    const file = writeConfig(accessCode);
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validate.code, validate.stdout).toBe(0);
    setup.server.setResponder(toolScriptResponder([{ name: 'mcp__notes__read_note', arguments: { title: 'launch' } }]));
    const run = await runCli(['--no-display', '--config', file, 'When do we launch?'], { cwd: setup.directory });
    expect(run.code, run.stderr).toBe(0);
    expect(setup.server.requests[0]?.tools.map((tool) => tool.function.name)).toContain('mcp__notes__read_note');
    expect(toolResults(setup.server.requests)).toEqual(['We launch on Friday.']);
  });

  it('redacts its declared secret option from the output, --validate and the record, though its server echoes it', async () => {
    const wrongCode = 'not-the-code-8080';
    const file = writeConfig(wrongCode);
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validate.code, validate.stdout).toBe(0);
    setup.server.setResponder(toolScriptResponder([]));
    const run = await runCli(['--config', file, 'When do we launch?'], {
      cwd: setup.directory,
      env: { NO_COLOR: '1' },
    });
    expect(run.code, run.stderr).toBe(0);
    // The server did get the code, and said it back: the run is where it must stop.
    expect(run.stderr).toContain(
      'MCP server "notes" of agent reader failed to start, so the agent goes on without its tools',
    );
    expect(run.stderr).toContain('the access code [redacted] does not open');
    expect(recordFiles()).toContain('the access code [redacted] does not open');
    const everything = [validate.stdout, validate.stderr, run.stdout, run.stderr, recordFiles()].join('\n');
    expect(everything).not.toContain(wrongCode);
  });

  it('redacts its declared secret option from a tool result in the record; the model gets the result as the server gave it', async () => {
    const file = writeConfig(accessCode);
    setup.server.setResponder(
      toolScriptResponder([{ name: 'mcp__notes__read_note', arguments: { title: 'sign-in' } }]),
    );
    const run = await runCli(['--config', file, 'How do I sign in?'], { cwd: setup.directory, env: { NO_COLOR: '1' } });
    expect(run.code, run.stderr).toBe(0);
    expect(toolResults(setup.server.requests)).toEqual([`The code is ${accessCode}.`]);
    expect(recordFiles()).toContain('The code is [redacted].');
    expect([run.stdout, run.stderr, recordFiles()].join('\n')).not.toContain(accessCode);
  });

  it('redacts it from what massgen serve answers and logs, though the team repeats it', async () => {
    writeConfig(accessCode);
    setup.server.setResponder(
      toolScriptResponder(
        [{ name: 'mcp__notes__read_note', arguments: { title: 'sign-in' } }],
        ([note]) => `Noted: ${note}`,
      ),
    );
    const served = await startServe(setup.directory, ['--config', 'team.yaml']);
    const response = await fetch(`${served.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content: 'How do I sign in?' }] }),
    });
    const body = await response.text();
    expect(response.status, body).toBe(200);
    // The model did get the code from the tool, and repeated it in its answer.
    expect(toolResults(setup.server.requests)).toEqual([`The code is ${accessCode}.`]);
    expect(JSON.parse(body)).toMatchObject({ choices: [{ message: { content: 'Noted: The code is [redacted].' } }] });
    expect([body, served.stderr(), recordFiles()].join('\n')).not.toContain(accessCode);
  });
});
