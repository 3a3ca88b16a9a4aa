// The fake provider in its own process for the display benchmarks: every reply streams a long
// text before its tool call, in small chunks (optionally paced, as a model generating at a set
// rate), so the display has a steady flow of deltas to draw. Prints its URL, then one line per
// request. Arguments: latency ms, text length, chunk interval ms (0: back to back), chunk size.
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';

const latencyMs = Number(process.argv[2] ?? 200);
const textLength = Number(process.argv[3] ?? 1500);
const chunkIntervalMs = Number(process.argv[4] ?? 0);
const chunkSize = Number(process.argv[5] ?? 8);
const sentence = 'Weighing the question from another angle before settling on an answer. ';
const text = sentence.repeat(Math.ceil(textLength / sentence.length)).slice(0, textLength);
const team = createTeamResponder({ answer: 'The answer is 4.' });
const server = await createFakeOpenAIServer({
  latencyMs,
  chunkSize,
  chunkIntervalMs,
  responder: (request, context) => {
    process.stdout.write(`${JSON.stringify({ model: request.model })}\n`);
    const reply = team(request, context);
    if (reply.type === 'tool-calls') return { ...reply, text, reasoning: text.slice(0, 300) };
    return reply;
  },
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
