// A three-agent coordination against the fake server with a fixed latency per request,
// against the ideal critical path of the same calls: each agent's calls are sequential, so
// no schedule can beat (the most calls any one agent made) x latency. Target: within 10%.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import { median, verdict } from './measure.mjs';
import { startFakeProvider } from './fake-provider-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

function teamConfig(baseUrl, directory) {
  const agents = ['a', 'b', 'c']
    .map(
      (name) =>
        `  - id: agent-${name}\n    backend:\n      type: chatcompletion\n      model: model-${name}\n      base_url: "${baseUrl}"\n      api_key: bench-key\n`,
    )
    .join('');
  // Stale turns run to completion here, so every call costs the full latency and the ideal below is exact;
  // interrupting them (the default) only makes runs shorter than this bound.
  return parseConfig(`agents:\n${agents}orchestrator:\n  interrupt_stale_turns: false\n`, {
    baseDir: directory,
    cwd: directory,
    env: {},
  });
}

export async function coordination() {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-'));
  const server = await startFakeProvider('fake-server-process.mjs', [latencyMs]);
  const measured = [];
  const ideal = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const before = server.requests.length;
      const started = process.hrtime.bigint();
      const result = await run(teamConfig(server.url, directory), 'What is 2+2?', {
        cwd: directory,
        pluginSearchPaths: [path.join(root, 'apps/cli')],
      });
      measured.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (result.finalAnswer === undefined)
        throw new Error(`coordination ended without an answer: ${result.stopReason} ${result.error?.message ?? ''}`);
      const callsPerModel = new Map();
      for (const request of server.requests.slice(before))
        callsPerModel.set(request.model, (callsPerModel.get(request.model) ?? 0) + 1);
      ideal.push(Math.max(...callsPerModel.values()) * latencyMs);
    }
  } finally {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  const overhead = median(measured) / median(ideal) - 1;
  console.log(`3-agent coordination, ${latencyMs} ms per request (${rounds} runs, medians)`);
  console.log(`  ideal critical path  ${median(ideal).toFixed(0)} ms`);
  console.log(
    `  measured             ${median(measured).toFixed(0)} ms   overhead ${(overhead * 100).toFixed(1)}%   target <= 10%   ${verdict(overhead <= 0.1)}`,
  );
  return overhead <= 0.1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await coordination()) ? 0 : 1;
