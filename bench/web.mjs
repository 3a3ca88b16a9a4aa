// massgen web under load: an 8-agent run started from the page in headless Chromium, against a
// fake provider in its own process that streams each agent's text at 50 chunks a second. The
// page reports, for every streamed delta it draws, when it put it on screen (its benchmark probe,
// called right after the frame's DOM update); the delta's own `time` is when the runtime
// published it. Target: p95 of that event-to-screen time under 100 ms. Also the page's size as
// a browser downloads it: every built file gzipped, target under 250 KB.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startFakeProvider } from './fake-provider-process.mjs';
import { median, percentile, verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'apps/cli/bin/massgen.js');
const webBuild = path.join(root, 'apps/web/dist');
const agentCount = Number(process.env.BENCH_AGENTS ?? 8);
const chunksPerSecond = 50;
const textLength = Number(process.env.BENCH_TEXT ?? 1200);
const chromiumPath = '/usr/bin/chromium';

function gzippedSize(directory) {
  let total = 0;
  for (const entry of readdirSync(directory, { recursive: true })) {
    const file = path.join(directory, entry);
    if (statSync(file).isFile()) total += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return total;
}

async function startProcess(args, cwd, pattern, stream = 'stdout') {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child[stream] });
  const found = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    lines.on('line', (line) => {
      const match = pattern.exec(line);
      if (match !== null) resolve(match[1]);
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', resolve);
      child.kill('SIGINT');
    });
  return { found, stop };
}

export async function web() {
  if (!existsSync(chromiumPath)) {
    console.log('massgen web: skipped, Debian chromium is not installed (apt-get install chromium)');
    return true;
  }
  const bundle = gzippedSize(webBuild);
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-web-'));
  const provider = await startFakeProvider('streaming-fake-server-process.mjs', [
    0,
    textLength,
    1000 / chunksPerSecond,
    4,
  ]);
  const agents = Array.from(
    { length: agentCount },
    (_, index) =>
      `  - id: agent-${index + 1}\n    backend:\n      type: chatcompletion\n      model: model-${index + 1}\n      base_url: "${provider.url}"\n      api_key: bench-key\n`,
  ).join('');
  writeFileSync(path.join(directory, 'team.yaml'), `agents:\n${agents}`);
  const server = await startProcess(
    [bin, 'web', '--port', '0', '--config', 'team.yaml'],
    directory,
    /MassGen web: (\S+)/,
    'stderr',
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const loadBefore = loadavg()[0];
  let latencies;
  let durationMs;
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.addInitScript(() => {
      globalThis.__massgenLatencies = [];
      globalThis.__massgenLatencyProbe = (events, shownAt) => {
        for (const event of events)
          if (event.type === 'agent-delta') globalThis.__massgenLatencies.push(shownAt - event.time);
      };
    });
    await page.goto(server.found);
    await page.getByLabel('Question', { exact: true }).fill('What is 2+2?');
    const started = Date.now();
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('status').getByText('finished:').waitFor({ timeout: 300_000 });
    durationMs = Date.now() - started;
    latencies = await page.evaluate(() => globalThis.__massgenLatencies);
  } finally {
    await browser.close();
    await server.stop();
    await provider.close();
    rmSync(directory, { recursive: true, force: true });
  }
  const p95 = percentile(latencies, 0.95);
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${availableParallelism()} cores`;
  console.log(
    `massgen web, ${agentCount} agents streaming ${chunksPerSecond} chunks/s each, headless Chromium (${latencies.length} deltas drawn in a ${(durationMs / 1000).toFixed(1)} s run; ${load})`,
  );
  console.log(
    `  event to screen   p50 ${median(latencies).toFixed(0)} ms   p95 ${p95.toFixed(0)} ms   max ${Math.max(...latencies).toFixed(0)} ms   target p95 < 100 ms   ${verdict(p95 < 100)}`,
  );
  console.log(
    `  page, gzipped     ${(bundle / 1024).toFixed(1)} KB   target < 250 KB   ${verdict(bundle < 250 * 1024)}`,
  );
  return p95 < 100 && bundle < 250 * 1024 && latencies.length > 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await web()) ? 0 : 1;
