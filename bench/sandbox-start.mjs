// The start cost of confinement: `true` spawned directly, beside the same command started the
// ways the command tool starts it: contained without bubblewrap (`local` on a machine without
// it: a process group), contained in a PID namespace, and in the OS sandbox (the default:
// bubblewrap with an empty root, the system read-only, a workspace and a read-only context path,
// no network). The four are interleaved, one of each per round, so each round sees the same load;
// the figure that counts is the median over rounds of (sandbox − direct). Target: the sandbox
// adds at most 100 ms to a command's start, a small part of the time of any command worth running.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, percentile, verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
const targetAddedMs = 100;

async function timed(start) {
  const started = process.hrtime.bigint();
  const child = start();
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`true exited with ${code}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function sandboxStart() {
  const { sandboxAvailability, spawnContained } = await import(
    path.join(root, 'packages/process-containment/dist/index.js')
  );
  const available = sandboxAvailability();
  console.log('\nCommand start: direct spawn of `true` against the command tool’s ways of starting it');
  if (!available.available) {
    console.log(`  skipped: ${available.reason}`);
    return true;
  }
  const directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-bench-sandbox-')));
  const workspace = path.join(directory, 'workspace');
  const context = path.join(directory, 'context');
  mkdirSync(workspace);
  mkdirSync(context);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/' };
  const options = { env, cwd: workspace, stdio: 'ignore' };
  const ways = {
    direct: () => spawn('true', [], options),
    'process group': () => spawnContained('true', [], { ...options, mode: 'process-group' }).child,
    'PID namespace': () => spawnContained('true', [], { ...options, mode: 'pid-namespace' }).child,
    'OS sandbox': () =>
      spawnContained('true', [], {
        ...options,
        sandbox: {
          workingDirectory: workspace,
          paths: [
            { path: workspace, access: 'write' },
            { path: context, access: 'read' },
          ],
          network: { kind: 'none' },
        },
      }).child,
  };
  const samples = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  try {
    for (const start of Object.values(ways)) await timed(start);
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, start] of Object.entries(ways)) samples[name].push(await timed(start));
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  const added = (name) => median(samples[name].map((value, index) => value - samples.direct[index]));
  console.log(`  ${rounds} rounds, load average ${loadavg()[0].toFixed(1)}`);
  console.log('  way              median ms   p90 ms   added to direct (median of per-round differences)');
  for (const name of Object.keys(ways)) {
    const line = `  ${name.padEnd(16)} ${median(samples[name]).toFixed(1).padStart(9)} ${percentile(samples[name], 0.9).toFixed(1).padStart(8)}`;
    console.log(name === 'direct' ? line : `${line}   +${added(name).toFixed(1)} ms`);
  }
  const ok = added('OS sandbox') <= targetAddedMs;
  console.log(
    `  ${verdict(ok)}: the OS sandbox adds ${added('OS sandbox').toFixed(1)} ms (target ≤ ${targetAddedMs} ms)`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await sandboxStart()) ? 0 : 1;
