import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const keyFromEnvironment = 'sk-environment-secret-4242';
const headerSecret = 'header-secret-from-env-7777';
const bodySecret = 'extra-body-password-9999';

const setup = useFakeServerDirectory('cli-secrets', { resolveLinks: true });

/** Every file under a directory, with its content. */
function filesUnder(root: string): Array<{ file: string; content: string }> {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, content: readFileSync(file, 'utf8') }));
}

function writeTeam(extra = ''): string {
  const file = path.join(setup.directory, 'team.yaml');
  writeFileSync(
    file,
    `agent:
  id: keeper
  backend:
    type: chatcompletion
    model: model-keeper
    base_url: "${setup.server.url}"
    api_key: "\${OPENAI_API_KEY}"
    headers:
      x-gateway-key: "\${GATEWAY_KEY}"
    extra_body:
      password: "${bodySecret}"
${extra}`,
  );
  return file;
}

describe('secrets a configuration holds', () => {
  it('appear in no output and no file of the record when the provider echoes them in its error', async () => {
    setup.server.setResponder((request) => ({
      type: 'error',
      status: 400,
      body: {
        error: {
          message: `Rejected: ${request.headers['authorization'] ?? ''}, ${request.headers['x-gateway-key'] ?? ''}, ${JSON.stringify(request.body)}`,
          type: 'invalid_request_error',
          code: 'bad',
        },
      },
    }));
    const result = await runCli(['--no-display', '--config', writeTeam(), 'Hello'], {
      cwd: setup.directory,
      env: { OPENAI_API_KEY: keyFromEnvironment, GATEWAY_KEY: headerSecret },
    });
    // The provider did receive them, and echoed them: the run is where they must stop.
    expect(JSON.stringify(setup.server.requests.map((request) => request.headers))).toContain(keyFromEnvironment);
    expect(result.code).toBe(2);
    const everything = [
      result.stdout,
      result.stderr,
      ...filesUnder(path.join(setup.directory, '.massgen')).map((entry) => entry.content),
    ].join('\n');
    expect(everything).toContain('Rejected');
    expect(everything).toContain('[redacted]');
    for (const secret of [keyFromEnvironment, headerSecret, bodySecret]) expect(everything).not.toContain(secret);
  }, 60_000);

  it.each([
    ['in its own PID namespace', {}],
    ['without bubblewrap (process group and scrubbed environment)', { MASSGEN_CONTAINMENT: 'process-group' }],
  ])(
    'cannot be read from /proc by a command the model runs, %s',
    async (_name, containment) => {
      // Every process the command can see, MassGen's own among them, and the parent it runs under.
      const command =
        "cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -c -e environment-secret -e header-secret; " +
        "tr '\\0' '\\n' < /proc/$PPID/environ | grep -c OPENAI_API_KEY=";
      setup.server.setResponder(toolScriptResponder([{ name: 'execute_command', arguments: { command } }]));
      const result = await runCli(
        ['--no-display', '--config', writeTeam('    cwd: workspace\n    enable_mcp_command_line: true\n'), 'Look'],
        {
          cwd: setup.directory,
          env: { OPENAI_API_KEY: keyFromEnvironment, GATEWAY_KEY: headerSecret, ...containment },
        },
      );
      expect(result.code).toBe(0);
      const [output] = toolResults(setup.server.requests);
      expect(output).toMatch(/--- stdout ---\n0\n/);
      expect(JSON.stringify(setup.server.requests.map((request) => request.body))).not.toContain(keyFromEnvironment);
    },
    60_000,
  );
});
