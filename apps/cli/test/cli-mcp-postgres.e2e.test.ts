import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { descendantProcessIdentities, processCommandLine } from '@massgen/testing';
import { useShopDatabase } from '@massgen/testing/vitest';
import { writeMcpTeam } from './mcp-team.js';
import { runCli } from './run-cli.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * `integration: postgres` through the built CLI against a PostgreSQL cluster the test makes with
 * initdb and pg_ctl: the agent's query reaches the database through the pinned reference server
 * and the rows reach the model; a wrong password is said at start, naming the server, and the
 * password appears nowhere.
 */

const database = useShopDatabase('the PostgreSQL CLI tests');
const unavailable = database.unavailable;

const setup = useFakeServerDirectory('cli-mcp-postgres', {
  server: () => ({ apiKey: 'test-key' }),
  resolveLinks: true,
});

function writeConfig(servers: string): string {
  return writeMcpTeam(path.join(setup.directory, 'team.yaml'), { url: setup.server.url, servers });
}

/** Every file of the run records, with its content. */
function recordFiles(): string {
  const root = path.join(setup.directory, '.massgen');
  if (!existsSync(root)) return '';
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

const query = () => ({ name: 'mcp__db__query', arguments: { sql: database.shop?.query ?? '' } });

describe.skipIf(unavailable !== undefined)('integration: postgres', { timeout: 120_000 }, () => {
  it("an agent's query returns the table's rows to the model", async () => {
    const file = writeConfig(`        - name: db
          integration: postgres
          options:
            host: 127.0.0.1
            port: ${database.shop?.cluster.port}
            user: reader
            password: \${SHOP_PASSWORD}
            database: shop
`);
    const env = { SHOP_PASSWORD: database.shop?.password };
    const validate = await runCli(['--validate', file], { cwd: setup.directory, env });
    expect(validate.code, validate.stdout).toBe(0);
    const seen: string[] = [];
    const scripted = toolScriptResponder([query()]);
    setup.server.setResponder((request) => {
      for (const identity of descendantProcessIdentities(process.pid)) seen.push(processCommandLine(identity.pid));
      return scripted(request);
    });
    const run = await runCli(['--no-display', '--config', file, 'What do we sell?'], { cwd: setup.directory, env });
    expect(run.code, run.stderr).toBe(0);
    const [result] = toolResults(setup.server.requests);
    expect(JSON.parse(result ?? '')).toEqual(database.shop?.rows);
    // The pinned server, started with this Node, never npx, and without the password on its command line.
    const started = seen.find((line) => line.includes('server-postgres'));
    expect(started).toContain(process.execPath);
    expect(started).toContain(`postgresql://reader@127.0.0.1:${database.shop?.cluster.port}/shop`);
    expect(seen.join('\n')).not.toContain(database.shop?.password);
    expect([run.stdout, run.stderr, recordFiles()].join('\n')).not.toContain(database.shop?.password);
  });

  it('a wrong password is a clear error naming the server, with the password redacted', async () => {
    const wrongPassword = 'not-the-password-77';
    const url = `postgresql://reader:${wrongPassword}@127.0.0.1:${database.shop?.cluster.port}/shop`;
    const file = writeConfig(`        - name: db
          integration: postgres
          options:
            url: "${url}"
`);
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validate.code, validate.stdout).toBe(0);
    setup.server.setResponder(toolScriptResponder([]));
    const run = await runCli(['--config', file, 'What do we sell?'], { cwd: setup.directory, env: { NO_COLOR: '1' } });
    expect(run.code, run.stderr).toBe(0);
    const said = `MCP server "db" of agent reader failed to start, so the agent goes on without its tools: PostgreSQL at 127.0.0.1:${database.shop?.cluster.port}, database "shop", user "reader" refused the connection: password authentication failed for user "reader"`;
    expect(run.stderr.replace(/\s+/g, ' ')).toContain(said);
    // The record keeps it as a warning event (JSON).
    expect(recordFiles()).toContain(JSON.stringify(said).slice(1, -1));
    // The model was offered no database tool.
    expect(setup.server.requests[0]?.tools.map((tool) => tool.function.name)).not.toContain('mcp__db__query');
    expect([validate.stdout, validate.stderr, run.stdout, run.stderr, recordFiles()].join('\n')).not.toContain(
      wrongPassword,
    );
  });

  it("runs upstream's npx spelling from the installed integration, the URL's password kept off the command line", async () => {
    const url = `postgresql://reader:${database.shop?.password}@127.0.0.1:${database.shop?.cluster.port}/shop`;
    const file = writeConfig(`        - name: db
          type: stdio
          command: npx
          args: ["-y", "@modelcontextprotocol/server-postgres", "${url}"]
`);
    const seen: string[] = [];
    const scripted = toolScriptResponder([query()]);
    setup.server.setResponder((request) => {
      for (const identity of descendantProcessIdentities(process.pid)) seen.push(processCommandLine(identity.pid));
      return scripted(request);
    });
    const run = await runCli(['--no-display', '--config', file, 'What do we sell?'], { cwd: setup.directory });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'MCP server "db": @modelcontextprotocol/server-postgres is run from the installed @massgen/mcp-postgres instead of downloading it with npx',
    );
    expect(JSON.parse(toolResults(setup.server.requests)[0] ?? '')).toEqual(database.shop?.rows);
    expect(seen.some((line) => line.includes('server-postgres'))).toBe(true);
    expect(seen.join('\n')).not.toContain(database.shop?.password);
    expect([run.stdout, run.stderr, recordFiles()].join('\n')).not.toContain(database.shop?.password);
  });
});
