// The live display's cost: the same coordination run by the CLI in a pseudo-terminal (live
// display on, drawing every streamed delta) and with --no-display, interleaved in one run so
// both see the same machine load. The provider is a separate process with a fixed latency that
// streams long texts in small chunks. Coordination time is read from each run's record
// (run-start to run-end), so Node's start-up and the display's own start are left out; whole
// process times are shown for information. Target: the display adds at most 5%, as the median of
// the per-pair ratios: the two runs of a pair are back to back, so a change in the machine's other
// load between pairs cancels out, where it would not in a ratio of the two overall medians.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, verdict } from './measure.mjs';
import { startFakeProvider } from './fake-provider-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'apps/cli/bin/massgen.js');
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const agentCount = Number(process.env.BENCH_AGENTS ?? 8);

function writeTeam(directory, url) {
  const agents = Array.from(
    { length: agentCount },
    (_, index) =>
      `  - id: agent-${index + 1}\n    backend:\n      type: chatcompletion\n      model: model-${index + 1}\n      base_url: "${url}"\n      api_key: bench-key\n`,
  ).join('');
  const file = path.join(directory, 'team.yaml');
  writeFileSync(file, `agents:\n${agents}`);
  return file;
}

/** A clean environment for the CLI: no CI variables, or the display would fall back to plain lines. */
function cliEnvironment() {
  const { CI, CONTINUOUS_INTEGRATION, ...rest } = process.env;
  return { ...rest, TERM: 'xterm-256color', LANG: 'C.UTF-8' };
}

function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Runs the CLI once in `cwd` and returns the coordination time from its record and the process time. */
function runOnce(cwd, file, live) {
  const args = ['--config', file, 'What is 2+2?'];
  const started = process.hrtime.bigint();
  const result = live
    ? spawnSync(
        'script',
        [
          '-qfec',
          `stty cols 100 rows 30; exec ${[process.execPath, bin, ...args].map(shellQuote).join(' ')}`,
          '/dev/null',
        ],
        { cwd, env: cliEnvironment(), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] },
      )
    : spawnSync(process.execPath, [bin, '--no-display', ...args], { cwd, env: cliEnvironment(), encoding: 'utf8' });
  const processMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(
      `massgen (${live ? 'live display' : '--no-display'}) exited with ${result.status}: ${result.stderr || result.stdout}`,
    );
  if (live && !result.stdout.includes('Final answer by'))
    throw new Error(`the live display did not draw its final frame:\n${result.stdout.slice(-2000)}`);
  const runs = path.join(cwd, '.massgen', 'runs');
  const [runId] = readdirSync(runs);
  const events = readFileSync(path.join(runs, runId, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const end = events.at(-1);
  if (end.type !== 'run-end' || end.stopReason !== 'consensus')
    throw new Error(`the run ended with ${end.type} ${end.stopReason}`);
  const deltas = events.filter((event) => event.type === 'agent-delta').length;
  rmSync(path.join(cwd, '.massgen'), { recursive: true, force: true });
  return { coordinationMs: end.time - events[0].time, processMs, deltas };
}

export async function tui() {
  if (spawnSync('script', ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.log('live display overhead: skipped, `script` (util-linux) is not installed');
    return true;
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-tui-'));
  const server = await startFakeProvider('streaming-fake-server-process.mjs', [latencyMs]);
  const live = { coordination: [], process: [] };
  const plain = { coordination: [], process: [] };
  const ratios = [];
  const loadBefore = loadavg()[0];
  let deltas = 0;
  try {
    const file = writeTeam(directory, server.url);
    runOnce(directory, file, true);
    runOnce(directory, file, false);
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which goes first, so neither always runs on a warmer machine.
      const order = round % 2 === 0 ? [true, false] : [false, true];
      const pair = {};
      for (const withDisplay of order) {
        const measured = runOnce(directory, file, withDisplay);
        const into = withDisplay ? live : plain;
        into.coordination.push(measured.coordinationMs);
        into.process.push(measured.processMs);
        pair[withDisplay ? 'live' : 'plain'] = measured.coordinationMs;
        deltas = measured.deltas;
      }
      ratios.push(pair.live / pair.plain);
    }
  } finally {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  const overhead = median(ratios) - 1;
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${availableParallelism()} cores`;
  console.log(
    `live display vs --no-display, ${agentCount} agents, ${latencyMs} ms per request, ~${deltas} streamed deltas per run (${rounds} interleaved pairs; ${load})`,
  );
  console.log(`  coordination, --no-display   ${median(plain.coordination).toFixed(0)} ms (median)`);
  console.log(`  coordination, live display   ${median(live.coordination).toFixed(0)} ms (median)`);
  console.log(
    `  live / --no-display, median of pairs   overhead ${(overhead * 100).toFixed(1)}%   target <= 5%   ${verdict(overhead <= 0.05)}`,
  );
  console.log(`  whole process, --no-display  ${median(plain.process).toFixed(0)} ms   (information)`);
  console.log(
    `  whole process, live display  ${median(live.process).toFixed(0)} ms   (information: includes loading ink and React)`,
  );
  if (process.env.BENCH_VERBOSE)
    console.log(`  samples: --no-display ${plain.coordination.join(' ')}; live ${live.coordination.join(' ')}`);
  return overhead <= 0.05;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await tui()) ? 0 : 1;
