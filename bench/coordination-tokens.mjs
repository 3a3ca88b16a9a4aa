// Tokens sent to the provider per coordination as the team grows (2, 4, 8 agents), with stale
// turns interrupted (the default) and left to finish. Every request the fake provider receives
// is counted, interrupted ones included: their prompt was sent and is billed. Agents answer at
// different speeds (latency grows with the agent's position), as real teams of models do, so
// some are always mid-turn when another answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import { median, verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const teamSizes = [2, 4, 8];
const runsPerCase = Number(process.env.BENCH_TOKEN_RUNS ?? 3);
const baseLatencyMs = 40;
const latencyStepMs = 25;

// An answer of about 120 words, so that prompts grow with every answer they quote.
const answerText = (model) =>
  `${model} recommends a managed container platform. ` +
  'Start with the current traffic of one hundred thousand requests a day, which fits a small always-on service with autoscaling. '.repeat(6);

/** The fake server's own estimate (four characters a token), applied to what each request sent. */
function promptTokens(request) {
  const parts = request.messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? '')));
  if (request.tools.length > 0) parts.push(JSON.stringify(request.tools));
  const text = parts.join('\n');
  return Math.max(1, Math.ceil(text.length / 4));
}

function teamConfig(size, interrupt, baseUrl, directory) {
  const agents = Array.from({ length: size }, (_, index) =>
    `  - id: agent-${index + 1}\n    backend:\n      type: chatcompletion\n      model: model-${index + 1}\n      base_url: "${baseUrl}"\n      api_key: bench-key\n`,
  ).join('');
  return parseConfig(`agents:\n${agents}orchestrator:\n  interrupt_stale_turns: ${interrupt}\n`, { baseDir: directory, cwd: directory, env: {} });
}

async function measureCase(server, directory, size, interrupt) {
  const samples = [];
  for (let attempt = 0; attempt < runsPerCase; attempt += 1) {
    const before = server.requests.length;
    const result = await run(teamConfig(size, interrupt, server.url, directory), 'Which platform should host our Python microservice?', {
      cwd: directory,
      pluginSearchPaths: [path.join(root, 'apps/cli')],
      record: false,
    });
    await server.idle();
    if (result.finalAnswer === undefined) throw new Error(`coordination ended without an answer: ${result.stopReason} ${result.error?.message ?? ''}`);
    const requests = server.requests.slice(before);
    samples.push({ requests: requests.length, tokens: requests.reduce((sum, request) => sum + promptTokens(request), 0), answers: result.answers.length });
  }
  return {
    requests: median(samples.map((sample) => sample.requests)),
    tokens: median(samples.map((sample) => sample.tokens)),
    answers: median(samples.map((sample) => sample.answers)),
  };
}

export async function coordinationTokens() {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-tokens-'));
  const team = createTeamResponder({ answer: (request) => answerText(request.model) });
  const server = await createFakeOpenAIServer({
    responder: (request, context) => ({ ...team(request, context), latencyMs: baseLatencyMs + latencyStepMs * (Number(request.model.split('-')[1]) - 1) }),
  });
  const rows = [];
  try {
    for (const size of teamSizes) {
      const interrupted = await measureCase(server, directory, size, true);
      const finished = await measureCase(server, directory, size, false);
      rows.push({ size, interrupted, finished });
    }
  } finally {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  console.log(`Tokens sent per coordination (medians of ${runsPerCase} runs; agent i answers after ${baseLatencyMs} + ${latencyStepMs}*(i-1) ms)`);
  console.log('| agents | stale turns | requests | answers | tokens sent | saved |');
  console.log('|---|---|---|---|---|---|');
  for (const { size, interrupted, finished } of rows) {
    const saved = 1 - interrupted.tokens / finished.tokens;
    console.log(`| ${size} | finish | ${finished.requests} | ${finished.answers} | ${finished.tokens} | |`);
    console.log(`| ${size} | interrupted | ${interrupted.requests} | ${interrupted.answers} | ${interrupted.tokens} | ${(saved * 100).toFixed(0)}% |`);
  }
  // Interruption is there to save tokens; it must not cost more for a team that has stale turns.
  const ok = rows.every(({ size, interrupted, finished }) => size < 4 || interrupted.tokens < finished.tokens);
  console.log(`  interruption sends fewer tokens for teams of 4 and more   ${verdict(ok)}`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await coordinationTokens()) ? 0 : 1;
