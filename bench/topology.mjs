// Prompt tokens and model calls of one coordination as the team grows (4, 8, 16, 32 agents), under
// each orchestrator.topology, with `full` (every agent sees every answer) as the baseline in the
// same run. Answers are about 120 words, so what a topology leaves out of a prompt shows.
//
// "Sent" counts the prompt of every request the fake provider received (interrupted ones
// included: they were sent and are billed), estimated at four characters a token as the fake
// server does. Each agent answers after a fixed latency that grows a little with its index, so
// answers arrive one by one as they would from real providers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import { verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const teamSizes = (process.env.BENCH_TOPOLOGY_SIZES ?? '4,8,16,32').split(',').map(Number);
const topologies = ['full', '{type: ring, neighbors: 2}', '{type: top_k, k: 3}'];
const latencyMs = 20;
const latencyStepMs = 5;

const answerText = (model) =>
  `${model} recommends a managed container platform. ` +
  'Start with the current traffic of one hundred thousand requests a day, which fits a small always-on service with autoscaling. '.repeat(
    6,
  );

const estimateTokens = (text) => Math.ceil(text.length / 4);

function promptTokens(request) {
  const parts = request.messages.map((message) =>
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''),
  );
  if (request.tools.length > 0) parts.push(JSON.stringify(request.tools));
  return Math.max(1, estimateTokens(parts.join('\n')));
}

function teamConfig(size, topology, baseUrl, directory) {
  const agents = Array.from(
    { length: size },
    (_, index) =>
      `  - id: agent-${index + 1}\n    backend:\n      type: chatcompletion\n      model: model-${index + 1}\n      base_url: "${baseUrl}"\n      api_key: bench-key\n`,
  ).join('');
  return parseConfig(`agents:\n${agents}orchestrator:\n  topology: ${topology}\n`, {
    baseDir: directory,
    cwd: directory,
    env: {},
  });
}

async function measureCase(server, directory, size, topology) {
  const before = server.requests.length;
  const started = performance.now();
  const result = await run(
    teamConfig(size, topology, server.url, directory),
    'Which platform should host our Python microservice?',
    { cwd: directory, pluginSearchPaths: [path.join(root, 'apps/cli')], record: false },
  );
  const wallMs = performance.now() - started;
  await server.idle();
  if (result.finalAnswer === undefined)
    throw new Error(`coordination ended without an answer: ${result.stopReason} ${result.error?.message ?? ''}`);
  const requests = server.requests.slice(before);
  return {
    calls: requests.length,
    sent: requests.reduce((sum, request) => sum + promptTokens(request), 0),
    wallMs,
    stopReason: result.stopReason,
  };
}

export async function topology() {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-topology-'));
  const team = createTeamResponder({ answer: (request) => answerText(request.model) });
  const server = await createFakeOpenAIServer({
    responder: (request, context) => {
      const agentIndex = Number(request.model.split('-')[1]) - 1;
      return { ...team(request, context), latencyMs: latencyMs + latencyStepMs * agentIndex };
    },
  });
  const rows = [];
  try {
    for (const size of teamSizes) {
      const measured = {};
      for (const topology of topologies) measured[topology] = await measureCase(server, directory, size, topology);
      rows.push({ size, measured });
    }
  } finally {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  console.log('orchestrator.topology: prompt tokens sent and model calls per coordination (one run each)');
  console.log('| agents | topology | calls | tokens sent | sent vs full | wall | stop reason |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { size, measured } of rows) {
    const baseline = measured[topologies[0]].sent;
    for (const topology of topologies) {
      const { calls, sent, wallMs, stopReason } = measured[topology];
      const share = `${Math.round((sent / baseline) * 100)}%`;
      console.log(
        `| ${size} | ${topology} | ${calls} | ${sent} | ${share} | ${(wallMs / 1000).toFixed(1)}s | ${stopReason} |`,
      );
    }
  }
  const largest = rows.at(-1);
  const shares = topologies.slice(1).map((topology) => largest.measured[topology].sent / largest.measured.full.sent);
  const ok = shares.every((share) => share < 1);
  console.log(
    `  at ${largest.size} agents every sparse topology sends fewer prompt tokens than full (${shares.map((share) => `${Math.round(share * 100)}%`).join(', ')})   ${verdict(ok)}`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await topology()) ? 0 : 1;
