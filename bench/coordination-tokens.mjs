// Tokens per coordination as the team grows (2, 4, 8 agents), with turns made out of date by a
// new answer interrupted (the default) or left to finish.
//
// The fake provider takes time in proportion to what it writes (answers take longer than
// votes), and agent i is 25% slower than agent i-1, so some agents are always mid-turn when
// another answers. "Sent" counts the prompt of every request the provider received,
// interrupted ones included: it was sent and is billed. "Generated" counts the output of the
// requests that ran to their end; the fake writes its whole reply at the end of its delay, so an
// interrupted request generated nothing (a real model would have generated part of it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@massgen/runtime';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import { answerText, estimateTokens, promptTokens, teamConfig } from './fake-team.mjs';
import { median, verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const teamSizes = [2, 4, 8];
const runsPerCase = Number(process.env.BENCH_TOKEN_RUNS ?? 3);
const firstTokenMs = 20;
const msPerOutputToken = 0.4;
const slowdownPerAgent = 0.25;

function replyTokens(reply) {
  const calls =
    reply.type === 'tool-calls' ? reply.calls.map((call) => call.name + JSON.stringify(call.arguments)).join('') : '';
  return estimateTokens((reply.text ?? '') + calls);
}

async function measureCase(server, directory, size, interrupt) {
  const samples = [];
  for (let attempt = 0; attempt < runsPerCase; attempt += 1) {
    const before = server.requests.length;
    const result = await run(
      teamConfig(size, `  interrupt_stale_turns: ${interrupt}\n`, server.url, directory),
      'Which platform should host our Python microservice?',
      {
        cwd: directory,
        pluginSearchPaths: [path.join(root, 'apps/cli')],
        record: false,
      },
    );
    await server.idle();
    if (result.finalAnswer === undefined)
      throw new Error(`coordination ended without an answer: ${result.stopReason} ${result.error?.message ?? ''}`);
    const requests = server.requests.slice(before);
    const sent = requests.reduce((sum, request) => sum + promptTokens(request), 0);
    const generated = result.usage.reduce((sum, entry) => sum + (entry.usage.outputTokens ?? 0), 0);
    samples.push({ requests: requests.length, answers: result.answers.length, sent, generated });
  }
  const middle = (field) => median(samples.map((sample) => sample[field]));
  return {
    requests: middle('requests'),
    answers: middle('answers'),
    sent: middle('sent'),
    generated: middle('generated'),
  };
}

export async function coordinationTokens() {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-tokens-'));
  const team = createTeamResponder({ answer: (request) => answerText(request.model) });
  const server = await createFakeOpenAIServer({
    responder: (request, context) => {
      const reply = team(request, context);
      const agentIndex = Number(request.model.split('-')[1]) - 1;
      const latencyMs = (firstTokenMs + msPerOutputToken * replyTokens(reply)) * (1 + slowdownPerAgent * agentIndex);
      return { ...reply, latencyMs };
    },
  });
  const rows = [];
  try {
    for (const size of teamSizes) {
      rows.push({
        size,
        finished: await measureCase(server, directory, size, false),
        interrupted: await measureCase(server, directory, size, true),
      });
    }
  } finally {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  const change = (after, before) => {
    const percent = Math.round((after / before - 1) * 100);
    return percent === 0 ? '0%' : `${percent > 0 ? '+' : ''}${percent}%`;
  };
  console.log(`Tokens per coordination (medians of ${runsPerCase} runs)`);
  console.log(
    '| agents | stale turns | requests | answers | tokens sent | tokens generated | sent vs finish | generated vs finish |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { size, finished, interrupted } of rows) {
    console.log(
      `| ${size} | finish | ${finished.requests} | ${finished.answers} | ${finished.sent} | ${finished.generated} | | |`,
    );
    console.log(
      `| ${size} | interrupted | ${interrupted.requests} | ${interrupted.answers} | ${interrupted.sent} | ${interrupted.generated} | ${change(interrupted.sent, finished.sent)} | ${change(interrupted.generated, finished.generated)} |`,
    );
  }
  // What interruption is for: no tokens spent on turns that are already out of date, and no
  // more prompts re-sent for it than stale turns cost when they finish.
  const ok = rows.every(
    ({ finished, interrupted }) => interrupted.generated <= finished.generated && interrupted.sent <= finished.sent,
  );
  console.log(`  interruption sends and generates no more tokens than letting stale turns finish   ${verdict(ok)}`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await coordinationTokens()) ? 0 : 1;
