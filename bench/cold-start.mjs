// `massgen --version` cold start against the floor of starting Node itself, measured
// interleaved in one run so both see the same machine load. Target: at most 2x.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, timeProcess, verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'apps/cli/bin/massgen.js');
const rounds = Number(process.env.BENCH_ROUNDS ?? 30);

export function coldStart() {
  const node = [];
  const massgen = [];
  const help = [];
  for (let warmup = 0; warmup < 3; warmup += 1) {
    timeProcess(process.execPath, ['-e', '0']);
    timeProcess(process.execPath, [bin, '--version']);
  }
  for (let round = 0; round < rounds; round += 1) {
    node.push(timeProcess(process.execPath, ['-e', '0']));
    massgen.push(timeProcess(process.execPath, [bin, '--version']));
    help.push(timeProcess(process.execPath, [bin, '--help']));
  }
  const ratio = median(massgen) / median(node);
  console.log(`cold start (${rounds} interleaved runs, medians)`);
  console.log(`  node -e 0          ${median(node).toFixed(1)} ms`);
  console.log(
    `  massgen --version  ${median(massgen).toFixed(1)} ms   ratio ${ratio.toFixed(2)}x   target <= 2.00x   ${verdict(ratio <= 2)}`,
  );
  console.log(
    `  massgen --help     ${median(help).toFixed(1)} ms   ratio ${(median(help) / median(node)).toFixed(2)}x   (information)`,
  );
  return ratio <= 2;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = coldStart() ? 0 : 1;
