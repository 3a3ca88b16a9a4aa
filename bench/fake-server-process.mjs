// The fake provider in its own process, as a real provider would be: its work does not share
// the event loop of the client being measured. Prints its URL, then one line per request.
// Arguments: the latency in milliseconds, `long` for answers of about 120 words, and the
// characters per stream chunk (4, about a token, unless given).
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import { answerText } from './fake-team.mjs';

const latencyMs = Number(process.argv[2] ?? 200);
const team = createTeamResponder({
  answer: process.argv[3] === 'long' ? (request) => answerText(request.model) : 'The answer is 4.',
});
const server = await createFakeOpenAIServer({
  latencyMs,
  ...(process.argv[4] === undefined ? {} : { chunkSize: Number(process.argv[4]) }),
  responder: (request, context) => {
    process.stdout.write(`${JSON.stringify({ model: request.model })}\n`);
    return team(request, context);
  },
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
