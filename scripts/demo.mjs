// Runs a three-agent team end to end with no API key: a local fake OpenAI-compatible server
// plays the models, and the real `massgen` CLI coordinates them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const question = process.argv.slice(2).join(' ') || 'What is 2+2?';

const server = await createFakeOpenAIServer({
  apiKey: 'demo-key',
  responder: createTeamResponder({
    latencyMs: 300,
    answer: {
      'demo-analyst': '2 + 2 = 4: adding two and two gives four.',
      'demo-critic': 'The answer is 4. I checked it by counting up from 2 twice.',
      'demo-writer': '4',
    },
    vote: (labels) => labels[0],
  }),
});

console.error(`Fake OpenAI-compatible server on ${server.url}\n`);
const child = spawn(
  process.execPath,
  [
    path.join(root, 'apps/cli/bin/massgen.js'),
    '--config',
    path.join(root, 'examples/demo/three-agents.yaml'),
    question,
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, MASSGEN_DEMO_BASE_URL: server.url, MASSGEN_DEMO_API_KEY: 'demo-key' },
  },
);
const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
await server.close();
process.exit(code);
