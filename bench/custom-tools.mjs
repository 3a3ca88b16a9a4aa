// The added latency of one custom-tool call, after the first: the same addition run as a direct
// function call in this process, as a TypeScript tool (`add.ts`, loaded by jiti with no build
// step) and as a Python tool (`add.py`, called through the run's Python bridge over JSON lines),
// each called the way the runtime calls a tool (`Tool.execute`: input checked against the
// schema, output capped for the model). The first call of each is left out (module load, bridge
// start); then one call of each per round, interleaved so each round sees the same load. The
// figures that count are the medians of the per-round differences from the direct call.
// Targets: a TypeScript tool adds at most 1 ms to a call, a Python tool at most 10 ms (a model
// call takes hundreds of milliseconds; neither should be noticed beside it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, percentile, verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 300);
const targetAddedMs = { typescript: 1, python: 10 };

const typescriptTool = `interface Terms {
  a: number;
  b: number;
}

export function add({ a, b }: Terms): { sum: number } {
  return { sum: a + b };
}

export const addSchema = {
  description: 'Adds two numbers.',
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};
`;

const pythonTool = `def add(a: int, b: int) -> str:
    """Adds two numbers.

    Args:
        a: The first number.
        b: The second number.
    """
    return str(a + b)
`;

/** Milliseconds one awaited call takes. */
async function timed(call) {
  const started = process.hrtime.bigint();
  await call();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function customTools() {
  console.log('\nCustom tool call: a direct function call against the same call as a TypeScript and a Python tool');
  const python = spawnSync('python3', ['--version']).status === 0;
  const [{ parseConfig }, { openToolPackage }, customToolsPackage] = await Promise.all([
    import(path.join(root, 'packages/config/dist/index.js')),
    import(path.join(root, 'packages/runtime/dist/index.js')),
    import(path.join(root, 'packages/tools-custom/dist/index.js')),
  ]);
  const directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-bench-custom-tools-')));
  writeFileSync(path.join(directory, 'add.ts'), typescriptTool);
  writeFileSync(path.join(directory, 'add.py'), pythonTool);
  const entries = [
    'agents:',
    '  - id: coder',
    '    backend:',
    '      type: openai',
    '      custom_tools:',
    '        - {name: add_ts, path: add.ts, function: add}',
    ...(python ? ['        - {name: add_py, path: add.py, function: add}'] : []),
    '',
  ].join('\n');
  const config = parseConfig(entries, {
    file: path.join(directory, 'team.yaml'),
    baseDir: directory,
    cwd: directory,
    env: process.env,
  });
  const controller = new AbortController();
  const source = await openToolPackage(customToolsPackage, config, 'custom', {
    runId: 'bench',
    cwd: directory,
    signal: controller.signal,
    warn: () => undefined,
  });
  try {
    const tools = new Map(source.toolsFor('coder').map((tool) => [tool.name, tool]));
    const context = { agentId: 'coder', signal: controller.signal, workingDirectory: directory };
    const direct = async ({ a, b }) => ({ sum: a + b });
    const ways = {
      direct: (input) => direct(input),
      TypeScript: (input) => tools.get('custom_tool__add_ts').execute(input, context),
      ...(python ? { Python: (input) => tools.get('custom_tool__add_py').execute(input, context) } : {}),
    };
    const samples = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
    for (const [name, call] of Object.entries(ways)) {
      const result = await call({ a: 2, b: 3 });
      const text = name === 'direct' ? JSON.stringify(result) : result.content;
      if (!text.includes('5')) throw new Error(`${name} returned ${JSON.stringify(result)}`);
    }
    for (let round = 0; round < rounds; round += 1) {
      const input = { a: round, b: 1 };
      for (const [name, call] of Object.entries(ways)) samples[name].push(await timed(() => call(input)));
    }
    const added = (name) => median(samples[name].map((value, index) => value - samples.direct[index]));
    console.log(`  ${rounds} rounds after the first call, load average ${loadavg()[0].toFixed(1)}`);
    console.log('  way          median ms   p90 ms   × direct   added to direct (median of per-round differences)');
    for (const name of Object.keys(ways)) {
      const ratio = median(samples[name]) / median(samples.direct);
      const line = `  ${name.padEnd(12)} ${median(samples[name]).toFixed(3).padStart(9)} ${percentile(samples[name], 0.9).toFixed(3).padStart(8)} ${ratio.toFixed(0).padStart(9)}×`;
      console.log(name === 'direct' ? line : `${line}   +${added(name).toFixed(3)} ms`);
    }
    let ok = added('TypeScript') <= targetAddedMs.typescript;
    console.log(
      `  ${verdict(ok)}: a TypeScript tool adds ${added('TypeScript').toFixed(3)} ms (target ≤ ${targetAddedMs.typescript} ms)`,
    );
    if (python) {
      const pythonOk = added('Python') <= targetAddedMs.python;
      console.log(
        `  ${verdict(pythonOk)}: a Python tool adds ${added('Python').toFixed(3)} ms (target ≤ ${targetAddedMs.python} ms)`,
      );
      ok &&= pythonOk;
    } else {
      console.log('  Python tool skipped: no python3 on PATH');
    }
    return ok;
  } finally {
    controller.abort();
    await source.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await customTools()) ? 0 : 1;
