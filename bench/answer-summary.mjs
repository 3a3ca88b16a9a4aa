// Prompt tokens of one coordination with long answers (about 600 words each), with and without
// orchestrator.answer_summary, side by side in one run, for teams of 16 and 32 under `full`
// (every agent is shown every answer, where long answers multiply most).
//
// "Sent" counts the prompt of every request the fake provider received, the summary requests
// included, estimated at four characters a token as the fake server does. A summary request is
// answered with about 100 words. Each agent answers after a fixed latency that grows a little
// with its index, so answers arrive one by one as they would from real providers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@massgen/runtime';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import { promptTokens, teamConfig } from './fake-team.mjs';
import { verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const teamSizes = (process.env.BENCH_SUMMARY_SIZES ?? '16,32').split(',').map(Number);
const latencyMs = 20;
const latencyStepMs = 5;
const summarySetting = '  answer_summary: {above_words: 300, max_words: 120}\n';

const sentence =
  'The service should run on a managed container platform with autoscaling and a small always-on floor. ';
/** About 600 words. */
const longAnswer = (model) => `${model} recommends: ${sentence.repeat(37)}`;
/** About 100 words. */
const summaryText = (model) => `Summary for ${model}: ${sentence.repeat(6)}`;

const isSummaryRequest = (request) => {
  const system = request.messages.find((message) => message.role === 'system');
  return typeof system?.content === 'string' && system.content.includes('condense');
};

const team = createTeamResponder({ answer: (request) => longAnswer(request.model) });

async function measureCase(server, directory, size, orchestrator) {
  const before = server.requests.length;
  const config = teamConfig(size, `  topology: full\n${orchestrator}`, server.url, directory);
  const started = performance.now();
  const result = await run(config, 'Which platform should host our Python microservice?', {
    cwd: directory,
    pluginSearchPaths: [path.join(root, 'apps/cli')],
    record: false,
  });
  const wallMs = performance.now() - started;
  if (result.finalAnswer === undefined)
    throw new Error(`coordination ended without an answer: ${result.stopReason} ${result.error?.message ?? ''}`);
  await server.idle();
  const requests = server.requests.slice(before);
  const tokens = result.usage.reduce(
    (sum, entry) => sum + (entry.usage.inputTokens ?? 0) + (entry.usage.outputTokens ?? 0),
    0,
  );
  return {
    calls: requests.length,
    summaryCalls: requests.filter(isSummaryRequest).length,
    sent: requests.reduce((sum, request) => sum + promptTokens(request), 0),
    counted: tokens,
    wallMs,
    stopReason: result.stopReason,
  };
}

export async function answerSummary() {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-summary-'));
  const server = await createFakeOpenAIServer({
    responder: (request, context) => {
      const agentIndex = Number(request.model.split('-')[1]) - 1;
      const reply = isSummaryRequest(request)
        ? { type: 'text', text: summaryText(request.model) }
        : team(request, context);
      return { ...reply, latencyMs: latencyMs + latencyStepMs * agentIndex };
    },
  });
  const rows = [];
  try {
    for (const size of teamSizes) {
      const verbatim = await measureCase(server, directory, size, '');
      const summarised = await measureCase(server, directory, size, summarySetting);
      rows.push({ size, verbatim, summarised });
    }
  } finally {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  console.log('orchestrator.answer_summary: prompt tokens sent with ~600-word answers, topology full (one run each)');
  console.log(
    '| agents | calls verbatim | calls summarised (summaries) | tokens sent verbatim | tokens sent summarised | summarised vs verbatim | usage counted verbatim / summarised | wall verbatim / summarised |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  let ok = true;
  for (const { size, verbatim, summarised } of rows) {
    const share = summarised.sent / verbatim.sent;
    ok &&= share < 0.5 && summarised.summaryCalls === size;
    console.log(
      `| ${size} | ${verbatim.calls} | ${summarised.calls} (${summarised.summaryCalls}) | ${verbatim.sent} | ${summarised.sent} | ${Math.round(share * 100)}% | ${verbatim.counted} / ${summarised.counted} | ${(verbatim.wallMs / 1000).toFixed(1)}s / ${(summarised.wallMs / 1000).toFixed(1)}s |`,
    );
  }
  console.log(
    `  with answer_summary every team sends under half the prompt tokens, one summary per answer   ${verdict(ok)}`,
  );
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await answerSummary();
  process.exitCode = ok ? 0 : 1;
}
