// `massgen serve` in passthrough mode against direct calls to the same fake provider. Three
// processes, so no two measured parts share an event loop: the provider, the MassGen server
// (the built binary, as users start it) and this client. Streaming requests, read to [DONE].
// Targets: p50 added latency under 1 ms (sequential, interleaved), and 100 concurrent streaming
// requests without errors. The target is the server's steady state: the added latency falls for
// the first few thousand requests while V8 optimises the server's code path (about 1.2 ms in the
// first 500 after start, 0.8 ms from about 3000 on, on the 2-core machine), so the measured
// rounds follow a long warm-up, and the first 500 requests are reported for information.
//
// BENCH_SERVER_BASELINES=/path/a,/path/b adds the `massgen serve` of other built checkouts to the
// sequential rounds, interleaved with this one's, so that a change is measured against the code
// before it in the same run on the same (possibly busy) machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, percentile, verdict } from './measure.mjs';
import { startFakeProvider } from './fake-provider-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const upstreamLatencyMs = Number(process.env.BENCH_UPSTREAM_LATENCY_MS ?? 0);
const warmupRounds = Number(process.env.BENCH_SERVER_WARMUP ?? 3000);
const sequentialRounds = Number(process.env.BENCH_SERVER_ROUNDS ?? 2000);
const coldRounds = Math.min(500, warmupRounds);
const concurrency = Number(process.env.BENCH_SERVER_CONCURRENCY ?? 100);
const concurrentRequests = Number(process.env.BENCH_SERVER_REQUESTS ?? 3000);
const question = 'What is 2+2?';
const baselines = (process.env.BENCH_SERVER_BASELINES ?? '')
  .split(',')
  .filter((checkout) => checkout !== '')
  .map((checkout) => path.resolve(checkout));

/** The built `massgen serve --passthrough` of `checkout` on a single-agent configuration, on a free port. */
async function startMassGen(providerUrl, directory, checkout = root) {
  const config = path.join(directory, 'solo.yaml');
  writeFileSync(
    config,
    `agent:\n  id: solo\n  backend:\n    type: chatcompletion\n    model: solo-model\n    base_url: "${providerUrl}"\n    api_key: bench-key\n`,
  );
  const child = spawn(
    process.execPath,
    [
      path.join(checkout, 'apps/cli/bin/massgen.js'),
      'serve',
      '--config',
      config,
      '--passthrough',
      '--no-record',
      '--port',
      '0',
    ],
    {
      cwd: directory,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`massgen serve exited with ${code}: ${stderr}`)));
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+) .*\nModels: .*\n/.exec(stderr);
      if (match !== null) resolve(match[1]);
    });
  });
  return { child, url };
}

function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

const elapsedMs = (since) => Number(process.hrtime.bigint() - since) / 1e6;

/**
 * One streaming chat request, read to its end. Resolves with its duration and the time to the
 * first token of the answer (the first non-empty content delta), in ms; throws on any failure.
 */
function streamOnce(target) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      target.endpoint,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': target.body.length,
          authorization: 'Bearer bench-key',
        },
      },
      (response) => {
        let text = '';
        let firstToken;
        response.setEncoding('utf8').on('data', (chunk) => {
          text += chunk;
          if (firstToken === undefined && text.includes('"delta":{"content":"')) firstToken = elapsedMs(started);
        });
        response.on('end', () => {
          if (response.statusCode !== 200 || !text.endsWith('data: [DONE]\n\n') || firstToken === undefined) {
            reject(new Error(`${target.name}: status ${response.statusCode}, body ${text.slice(-300)}`));
          } else {
            resolve({ total: elapsedMs(started), firstToken });
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

function target(name, baseUrl, model) {
  const body = Buffer.from(
    JSON.stringify({
      model,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: question }],
    }),
  );
  return { name, endpoint: `${baseUrl}/v1/chat/completions`, body };
}

/**
 * One request to each target per round, read to the end; the order rotates every round so that
 * no target always goes first. Durations and first-token times by target name, in ms.
 */
async function alternate(targets, rounds) {
  const latencies = Object.fromEntries(targets.map((each) => [each.name, { total: [], firstToken: [] }]));
  for (let round = 0; round < rounds; round += 1) {
    for (let index = 0; index < targets.length; index += 1) {
      const each = targets[(round + index) % targets.length];
      const { total, firstToken } = await streamOnce(each);
      latencies[each.name].total.push(total);
      latencies[each.name].firstToken.push(firstToken);
    }
  }
  return latencies;
}

/** The warm-up (its first rounds kept, as the cold figure), then the measured rounds. */
async function sequential(targets) {
  const warmup = await alternate(targets, warmupRounds);
  const cold = Object.fromEntries(
    Object.entries(warmup).map(([name, { total }]) => [name, total.slice(0, coldRounds)]),
  );
  return { cold, measured: await alternate(targets, sequentialRounds) };
}

/** Keeps `concurrency` streaming requests in flight until `requests` have completed. */
async function concurrent(each, requests = concurrentRequests) {
  const latencies = [];
  const errors = [];
  let started = 0;
  const begin = process.hrtime.bigint();
  async function worker() {
    while (started < requests) {
      started += 1;
      try {
        latencies.push((await streamOnce(each)).total);
      } catch (error) {
        errors.push(error);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  return { latencies, errors, rps: latencies.length / seconds };
}

const ms = (value) => `${value.toFixed(2).padStart(7)} ms`;

export async function server() {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-server-'));
  const provider = await startFakeProvider('fake-server-process.mjs', [upstreamLatencyMs]);
  const massgen = await startMassGen(provider.url, directory);
  const others = [];
  try {
    for (const checkout of baselines)
      others.push({ checkout, ...(await startMassGen(provider.url, directory, checkout)) });
    const direct = target('direct', provider.url.replace(/\/v1$/, ''), 'solo-model');
    const served = target('massgen serve', massgen.url, 'massgen');
    const compared = others.map((other) => target(other.checkout, other.url, 'massgen'));

    const before = provider.requests.length;
    const { cold: coldRun, measured } = await sequential([direct, served, ...compared]);
    // Every direct request is one provider call; the rest came through the servers.
    const rounds = warmupRounds + sequentialRounds;
    const upstreamPerRequest = (provider.requests.length - before - rounds) / rounds / (1 + compared.length);
    const sequentialRun = {
      direct: measured.direct.total,
      served: measured[served.name].total,
      directFirstToken: measured.direct.firstToken,
      servedFirstToken: measured[served.name].firstToken,
      cold: { direct: coldRun.direct, served: coldRun[served.name] },
    };
    const added50 = percentile(sequentialRun.served, 0.5) - percentile(sequentialRun.direct, 0.5);
    const added99 = percentile(sequentialRun.served, 0.99) - percentile(sequentialRun.direct, 0.99);

    // A first burst of new connections on each side, not measured: the first one after another
    // burst took up to 2 s on this machine, which is about cold connection pools, not serving.
    const burstWarmup = concurrency * 5;
    await concurrent(direct, burstWarmup);
    const directLoad = await concurrent(direct);
    await concurrent(served, burstWarmup);
    const servedLoad = await concurrent(served);

    console.log(
      `massgen serve --passthrough vs the same fake provider directly (provider latency ${upstreamLatencyMs} ms, streaming, read to [DONE])`,
    );
    console.log(
      `  sequential, ${sequentialRounds} interleaved requests each, after ${warmupRounds} to warm up   direct          massgen serve   added`,
    );
    console.log(
      `    p50                                          ${ms(percentile(sequentialRun.direct, 0.5))}    ${ms(percentile(sequentialRun.served, 0.5))}    ${ms(added50)}   target < 1 ms   ${verdict(added50 < 1)}`,
    );
    console.log(
      `    p99                                          ${ms(percentile(sequentialRun.direct, 0.99))}    ${ms(percentile(sequentialRun.served, 0.99))}    ${ms(added99)}`,
    );
    const firstToken50 = (name) => percentile(sequentialRun[`${name}FirstToken`], 0.5);
    console.log(
      `    first answer token, p50                      ${ms(firstToken50('direct'))}    ${ms(firstToken50('served'))}    ${ms(firstToken50('served') - firstToken50('direct'))}`,
    );
    const cold = (name) => percentile(sequentialRun.cold[name], 0.5);
    console.log(
      `    p50 of the first ${coldRounds} after start            ${ms(cold('direct'))}    ${ms(cold('served'))}    ${ms(cold('served') - cold('direct'))}   (information: still warming up)`,
    );
    console.log(`    provider calls per served request            ${upstreamPerRequest.toFixed(2)}`);
    for (const other of compared) {
      const name = other.name;
      const p50 = percentile(measured[name].total, 0.5);
      const firstToken = percentile(measured[name].firstToken, 0.5);
      // Each round serves every target back to back, so the per-round difference cancels out the
      // machine's load at that moment.
      const paired = median(measured[served.name].total.map((total, round) => total - measured[name].total[round]));
      console.log(
        `  ${name} (BENCH_SERVER_BASELINES), in the same rounds: this checkout minus it, median per round ${ms(paired)}`,
      );
      console.log(
        `    p50                                          ${ms(percentile(sequentialRun.direct, 0.5))}    ${ms(p50)}    ${ms(p50 - percentile(sequentialRun.direct, 0.5))}`,
      );
      console.log(
        `    p99                                          ${ms(percentile(sequentialRun.direct, 0.99))}    ${ms(percentile(measured[name].total, 0.99))}    ${ms(percentile(measured[name].total, 0.99) - percentile(sequentialRun.direct, 0.99))}`,
      );
      console.log(
        `    first answer token, p50                      ${ms(firstToken50('direct'))}    ${ms(firstToken)}    ${ms(firstToken - firstToken50('direct'))}`,
      );
    }
    console.log(
      `  ${concurrency} concurrent streams, ${concurrentRequests} requests each, after ${burstWarmup} to warm up`,
    );
    console.log(
      `    requests per second                          ${directLoad.rps.toFixed(0).padStart(7)}       ${servedLoad.rps.toFixed(0).padStart(7)}`,
    );
    console.log(
      `    p50                                          ${ms(percentile(directLoad.latencies, 0.5))}    ${ms(percentile(servedLoad.latencies, 0.5))}    ${ms(percentile(servedLoad.latencies, 0.5) - percentile(directLoad.latencies, 0.5))}`,
    );
    console.log(
      `    p99                                          ${ms(percentile(directLoad.latencies, 0.99))}    ${ms(percentile(servedLoad.latencies, 0.99))}    ${ms(percentile(servedLoad.latencies, 0.99) - percentile(directLoad.latencies, 0.99))}`,
    );
    console.log(
      `    errors                                       ${String(directLoad.errors.length).padStart(7)}       ${String(servedLoad.errors.length).padStart(7)}       target 0   ${verdict(servedLoad.errors.length === 0)}`,
    );
    for (const error of servedLoad.errors.slice(0, 3)) console.log(`      ${error.message}`);
    return added50 < 1 && servedLoad.errors.length === 0;
  } finally {
    agent.destroy();
    for (const other of others) await stop(other.child);
    await stop(massgen.child);
    await provider.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await server()) ? 0 : 1;
