import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { isProcessRunning } from './process-tree.js';

const run = promisify(execFile);

/** A private PostgreSQL cluster for one test file: its own directory, port and socket, nothing kept. */
export interface TestPostgresCluster {
  host: '127.0.0.1';
  port: number;
  /** The directory of its Unix socket. */
  socketDirectory: string;
  /** The superuser the cluster was made with, and its password. */
  user: string;
  password: string;
  /** The postmaster's process id, to check it is gone once stopped. */
  pid: number;
  /** Runs SQL as the superuser in a database (`postgres` unless named), and returns psql's output. */
  sql(statements: string, database?: string): Promise<string>;
  /** Stops the cluster, waiting for its postmaster to exit, and deletes its directory. */
  stop(): Promise<void>;
}

/** Where PostgreSQL's server programs are (`initdb`, `pg_ctl`, `postgres`, `psql`): Debian's newest, or PATH. */
function binDirectory(): string | undefined {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((version) => existsSync(path.join(debian, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] !== undefined) return path.join(debian, versions[0], 'bin');
  return (process.env['PATH'] ?? '')
    .split(path.delimiter)
    .find((directory) => directory !== '' && existsSync(path.join(directory, 'initdb')));
}

/** PostgreSQL refuses to run as root; as root, its programs run as the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const runningAsRoot = (): boolean => process.getuid?.() === 0;

/** Why `startPostgresCluster` cannot run here, or undefined when it can. */
export function postgresClusterUnavailable(): string | undefined {
  const bin = binDirectory();
  if (bin === undefined) return "PostgreSQL's initdb is not installed; .ci/run installs Debian's postgresql";
  for (const program of ['pg_ctl', 'psql'])
    if (!existsSync(path.join(bin, program))) return `${program} is missing beside ${path.join(bin, 'initdb')}`;
  if (runningAsRoot() && postgresUser() === undefined)
    return "running as root, and there is no postgres user to run PostgreSQL as (Debian's postgresql package creates it)";
  if (runningAsRoot() && spawnSync('runuser', ['--help']).error !== undefined)
    return 'running as root, and runuser (util-linux) is missing';
  return undefined;
}

/**
 * Makes a cluster with `initdb` in a temporary directory (password authentication, superuser
 * `user`), starts it with `pg_ctl` on a free loopback port with its socket in that directory, and
 * resolves once it accepts connections.
 */
export async function startPostgresCluster(
  options: { user?: string; password?: string } = {},
): Promise<TestPostgresCluster> {
  const bin = binDirectory();
  const unavailable = postgresClusterUnavailable();
  if (bin === undefined || unavailable !== undefined) throw new Error(unavailable);
  const user = options.user ?? 'massgen';
  const password = options.password ?? 'cluster-superuser-password';
  const owner = runningAsRoot() ? postgresUser() : undefined;
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-postgres-'));
  const data = path.join(directory, 'data');
  const log = path.join(directory, 'server.log');
  const passwordFile = path.join(directory, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner !== undefined) for (const file of [directory, passwordFile]) chownSync(file, owner.uid, owner.gid);
  const asOwner = (program: string, args: string[]) =>
    owner === undefined
      ? run(path.join(bin, program), args, { cwd: directory })
      : run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: directory });
  try {
    await asOwner('initdb', [
      '-D',
      data,
      '-U',
      user,
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await startOnFreePort(asOwner, data, directory, log);
    const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return {
      host: '127.0.0.1',
      port,
      socketDirectory: directory,
      user,
      password,
      pid,
      sql: async (statements, database = 'postgres') => {
        const args = ['-h', directory, '-p', String(port), '-U', user, '-d', database, '-X', '-q'];
        const { stdout } = await run(path.join(bin, 'psql'), [...args, '-v', 'ON_ERROR_STOP=1', '-c', statements], {
          env: { ...process.env, PGPASSWORD: password },
        });
        return stdout;
      },
      stop: async () => {
        await asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']).catch(() => {
          // Stopping failed: make sure nothing is left running.
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        });
        // pg_ctl returns once the postmaster has removed its pid file, a moment before it exits.
        const deadline = Date.now() + 60_000;
        while (isProcessRunning(pid) && Date.now() < deadline) await delay(25);
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

async function startOnFreePort(
  asOwner: (program: string, args: string[]) => Promise<unknown>,
  data: string,
  socketDirectory: string,
  log: string,
): Promise<number> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    const settings = [
      '-c listen_addresses=127.0.0.1',
      `-p ${port}`,
      `-c unix_socket_directories=${socketDirectory}`,
      // A throwaway cluster: nothing needs to survive a crash.
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    ].join(' ');
    try {
      await asOwner('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '120', '-o', settings, 'start']);
      return port;
    } catch (error) {
      // Another process took the port between our probe and the server's bind: try another.
      lastError = new Error(
        `PostgreSQL did not start on port ${port}: ${error instanceof Error ? error.message : String(error)}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`,
      );
    }
  }
  throw lastError;
}

/** A PostgreSQL cluster holding a small shop: what the integration tests query. */
export interface TestShopDatabase {
  cluster: TestPostgresCluster;
  /** The role that owns the shop, its password, and the database. */
  user: 'reader';
  password: string;
  database: 'shop';
  /** `SELECT name, price FROM products ORDER BY id`, and what it returns (numerics as text). */
  query: string;
  rows: Array<{ name: string; price: string }>;
}

/** Starts a cluster (see `startPostgresCluster`) with a `shop` database, owned by `reader`, holding a `products` table. */
export async function startShopDatabase(): Promise<TestShopDatabase> {
  const cluster = await startPostgresCluster();
  const password = 'reader-password-5150';
  try {
    await cluster.sql(`CREATE ROLE reader LOGIN PASSWORD '${password}'`);
    await cluster.sql('CREATE DATABASE shop OWNER reader');
    await cluster.sql(
      `CREATE TABLE products (id int PRIMARY KEY, name text, price numeric);
       INSERT INTO products VALUES (1, 'kettle', 24.50), (2, 'teapot', 31.00);
       ALTER TABLE products OWNER TO reader;`,
      'shop',
    );
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return {
    cluster,
    user: 'reader',
    password,
    database: 'shop',
    query: 'SELECT name, price FROM products ORDER BY id',
    rows: [
      { name: 'kettle', price: '24.50' },
      { name: 'teapot', price: '31.00' },
    ],
  };
}
