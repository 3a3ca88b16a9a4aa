import { afterEach, describe, expect, it } from 'vitest';
import type { McpIntegrationModule } from '@massgen/core';
import { connectStartedServer } from '@massgen/mcp/testing';
import type { McpServerConnection } from '@massgen/mcp';
import { useShopDatabase } from '@massgen/testing/vitest';
import * as postgres from './index.js';

const database = useShopDatabase('the PostgreSQL server tests');
const unavailable = database.unavailable;
let connection: McpServerConnection | undefined;

afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

const context = { agentId: 'a', baseDir: '/' };

describe('@massgen/mcp-postgres', () => {
  it('is an MCP integration module that keeps the password off the command line', () => {
    const module: McpIntegrationModule<postgres.PostgresOptions> = postgres;
    const fromParts = module.createServer(
      { host: 'db.internal', port: 6543, user: 'ann', password: 'pa ss@word', database: 'shop' },
      context,
    );
    expect(fromParts.command).toBe(process.execPath);
    expect(fromParts.args[0]).toMatch(/server-postgres[\\/]dist[\\/]index\.js$/);
    expect(fromParts.args.slice(1)).toEqual(['postgresql://ann@db.internal:6543/shop']);
    expect(fromParts.env).toEqual({ PGOPTIONS: '-c default_transaction_read_only=on', PGPASSWORD: 'pa ss@word' });
    const fromUrl = module.createServer({ url: 'postgresql://ann:p%40ss@db:5433/shop?sslmode=require' }, context);
    expect(fromUrl.args.slice(1)).toEqual(['postgresql://ann@db:5433/shop?sslmode=require']);
    expect(fromUrl.env?.['PGPASSWORD']).toBe('p@ss');
    const socket = module.createServer({ host: '/run/postgresql', database: 'shop' }, context);
    expect(socket.args.slice(1)).toEqual(['postgresql://localhost:5432/shop?host=%2Frun%2Fpostgresql']);
    // Upstream's npx spelling passes the URL, password and all, as an argument.
    const upstream = module.serverFromArguments(['postgresql://ann:secret-pw@db/shop']);
    expect(upstream.args.slice(1)).toEqual(['postgresql://ann@db/shop']);
    expect(upstream.env?.['PGPASSWORD']).toBe('secret-pw');
    expect(module.metadata.secretOptions).toEqual(['url', 'password']);
  });

  it('checks its options: a URL or a database, not both kinds', () => {
    const issues = (input: unknown) =>
      postgres.optionsSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ url: 'mysql://x/y' })).toEqual([['url', 'expected a postgresql:// URL']]);
    expect(issues({ url: 'postgresql://db/shop', database: 'other' })).toEqual([
      ['database', 'url names the database already; give one or the other'],
    ]);
    expect(issues({ host: 'db' })).toEqual([
      ['', 'expected url, or database (with host, port, user and password as needed)'],
    ]);
    expect(issues({ database: 'shop', port: 'x' })).toEqual([['port', 'expected a port number']]);
    expect(issues({ database: 'shop' })).toBeUndefined();
  });

  describe.skipIf(unavailable !== undefined)('against a PostgreSQL cluster of its own', () => {
    const options = (password: string): postgres.PostgresOptions => ({
      host: '127.0.0.1',
      port: database.shop?.cluster.port ?? 0,
      user: 'reader',
      password,
      database: 'shop',
    });

    it('starts the pinned server, which offers the tools its metadata lists and returns a query’s rows', async () => {
      await postgres.checkConnection(options(database.shop?.password ?? ''));
      const started = postgres.createServer(options(database.shop?.password ?? ''));
      connection = await connectStartedServer('db', started, '/');
      expect(connection.tools.map((tool) => tool.name)).toEqual([...postgres.metadata.tools]);
      const call = (sql: string) =>
        connection!.callTool('query', { sql }, { signal: new AbortController().signal, timeoutMs: 20_000 });
      const result = await call(database.shop?.query ?? '');
      expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual(database.shop?.rows);
      // The server's read-only transaction can be ended by the statement itself; the next one is read-only too.
      await expect(call('COMMIT; DELETE FROM products')).rejects.toThrow(/read-only transaction/);
      expect(await database.shop?.cluster.sql('SELECT count(*) FROM products', 'shop')).toMatch(/\b2\b/);
    }, 60_000);

    it('says a wrong password when it checks the connection, naming the database and the user', async () => {
      await expect(postgres.checkConnection(options('wrong-password-1'))).rejects.toThrow(
        `PostgreSQL at 127.0.0.1:${database.shop?.cluster.port}, database "shop", user "reader" refused the connection: password authentication failed for user "reader"`,
      );
    }, 30_000);
  });
});
