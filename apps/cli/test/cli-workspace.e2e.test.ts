import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeChatRequest, FakeReply } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { seedDirectories, seedPaths, seedPresent, seedSkipNote, writeSeedConfig } from './seed-workspace-team.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const frontEnd = '前端工程师';
const backEnd = '后端工程师';

type Call = { name: string; arguments: Record<string, unknown> };

/** What each agent does: its own work, the answer it submits, and its presentation if it wins. */
function scripts(): Record<
  string,
  { work: Call[]; answer: string; sharedFile: string; present: Call[]; finalText: string }
> {
  const p = seedPaths(setup.directory);
  return {
    'model-ui': {
      work: [
        { name: 'read_file', arguments: { path: p.colors } },
        { name: 'write_file', arguments: { path: 'index.html', content: '<h1 style="color: #336699">Shop</h1>' } },
        { name: 'write_file', arguments: { path: p.colors, content: 'primary: red' } },
        { name: 'write_file', arguments: { path: '../project_api/stolen.txt', content: 'x' } },
        { name: 'write_file', arguments: { path: path.join(p.deliverables, 'early.html'), content: 'too early' } },
      ],
      answer: 'The UI is in index.html, using the primary colour.',
      sharedFile: 'index.html',
      present: [],
      finalText: 'The UI is ready.',
    },
    'model-api': {
      work: [
        { name: 'read_file', arguments: { path: p.schema } },
        { name: 'read_file', arguments: { path: p.requirements } },
        { name: 'write_file', arguments: { path: 'api.py', content: 'def list_products(): ...\n' } },
        { name: 'write_file', arguments: { path: path.join(path.dirname(p.requirements), 'hack.txt'), content: 'x' } },
      ],
      answer: 'The API is in api.py, built on the products table.',
      sharedFile: 'api.py',
      present: [
        { name: 'copy_file', arguments: { source: 'api.py', destination: path.join(p.deliverables, 'api.py') } },
        { name: 'write_file', arguments: { path: path.join(p.deliverables, 'README.md'), content: '# Shop API\n' } },
        { name: 'write_file', arguments: { path: path.join(p.deliverables, 'LICENSE'), content: 'mine now' } },
        { name: 'write_file', arguments: { path: p.colors, content: 'primary: red' } },
      ],
      finalText: 'The shop API is in deliverables/api.py.',
    },
  };
}

function voteLabels(request: FakeChatRequest): string[] {
  const vote = request.tools.find((tool) => tool.function.name === 'vote');
  const agentId = (vote?.function.parameters?.['properties'] as Record<string, { enum?: string[] }> | undefined)?.[
    'agent_id'
  ];
  return agentId?.enum ?? [];
}

/**
 * Plays both agents from each request alone: the work steps in order (one per tool result so
 * far), then `new_answer`; once it has answered, it reads a peer's shared file when there is a
 * peer answer, then votes for agent2 (the back-end engineer) when it can; as the winner, it
 * writes its deliverables and presents.
 */
function respond(request: FakeChatRequest): FakeReply {
  const script = scripts()[request.model];
  if (script === undefined) throw new Error(`unexpected model ${request.model}`);
  const offered = request.tools.map((tool) => tool.function.name);
  const done = request.messages.filter((message) => message.role === 'tool').length;
  const call = (step: Call): FakeReply => ({ type: 'tool-calls', calls: [step] });
  if (!offered.includes('new_answer') && !offered.includes('vote')) {
    const step = script.present[done];
    return step === undefined ? { type: 'text', text: script.finalText } : call(step);
  }
  const prompt = request.messages
    .filter((message) => message.role === 'user')
    .map((message) => String(message.content))
    .join('\n');
  if (!prompt.includes('Your own latest answer')) {
    const step = script.work[done];
    return step === undefined ? call({ name: 'new_answer', arguments: { content: script.answer } }) : call(step);
  }
  const ownLabel = /Your label is (agent\d+)\./.exec(prompt)?.[1];
  const labels = voteLabels(request);
  const peer = labels.find((label) => label !== ownLabel);
  if (peer !== undefined && done === 0) {
    const peerFile = peer === 'agent1' ? 'index.html' : 'api.py';
    return call({ name: 'read_file', arguments: { path: `peers/${peer}/${peerFile}` } });
  }
  return call({
    name: 'vote',
    arguments: { agent_id: labels.includes('agent2') ? 'agent2' : (labels[0] ?? ''), reason: 'Complete and correct.' },
  });
}

/** Points each of the seed file's backends at the fake server. */
function onFakeServer(seed: string): string {
  let text = seed;
  for (const model of ['model-ui', 'model-api']) {
    const next = text.replace(
      /type: "claude_code"\n(\s+)model: "claude-4-5-sonnet"/,
      (_, indent: string) =>
        `type: "chatcompletion"\n${indent}model: "${model}"\n${indent}base_url: "${setup.server.url}"\n${indent}api_key: "test-key"`,
    );
    expect(next).not.toBe(text);
    text = next;
  }
  return text;
}

function toolResults(model: string): string[] {
  return setup.server.requests
    .filter((request) => request.model === model)
    .flatMap((request) =>
      request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)),
    );
}

const setup = useFakeServerDirectory('cli-workspace', {
  server: () => ({ apiKey: 'test-key', responder: respond }),
  resolveLinks: true,
});

/*
 * The seed team run end to end through the built CLI. Its agents use `claude_code`; here each
 * backend is swapped for `chatcompletion` against a fake server whose responder makes the
 * file-tool calls, keeping cwd, context paths and the orchestrator's storage settings as written,
 * plus one `write` context path for the winner.
 */
describe.skipIf(!seedPresent)(`massgen --config workspace_management.yaml (the seed example)${seedSkipNote}`, () => {
  it('runs end to end: own workspaces, shared paths read, forbidden writes refused, the winner writes the write context path', async () => {
    const p = seedPaths(setup.directory);
    seedDirectories(setup.directory, { [path.join(p.deliverables, 'LICENSE')]: 'Apache-2.0\n' });
    writeSeedConfig(setup.directory, onFakeServer, (indent) => `\n${indent}    protected_paths: ["LICENSE"]`);
    const result = await runCli(['--no-display', '--config', p.config, 'Build a small shop: UI and API.'], {
      cwd: setup.directory,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The shop API is in deliverables/api.py.\n');

    // Each agent wrote in its own workspace, under <agent_temporary_workspace>/<runId>/<cwd>.
    const [runId] = readdirSync(p.workspaces);
    if (runId === undefined) throw new Error('no workspaces were created');
    const workspace = (cwd: string, file: string): string =>
      readFileSync(path.join(p.workspaces, runId, cwd, file), 'utf8');
    expect(workspace('project_ui', 'index.html')).toBe('<h1 style="color: #336699">Shop</h1>');
    expect(workspace('project_api', 'api.py')).toBe('def list_products(): ...\n');

    // Each answer was snapshotted, and peers read each other's snapshot under anonymous labels.
    expect(readFileSync(path.join(p.snapshots, runId, 'agent1.1', 'index.html'), 'utf8')).toBe(
      '<h1 style="color: #336699">Shop</h1>',
    );
    expect(readFileSync(path.join(p.snapshots, runId, 'agent2.1', 'api.py'), 'utf8')).toBe(
      'def list_products(): ...\n',
    );
    expect(toolResults('model-api')).toContain('<h1 style="color: #336699">Shop</h1>');
    expect(toolResults('model-ui')).toContain('def list_products(): ...\n');

    // The shared context paths were readable.
    expect(toolResults('model-ui')).toContain('primary: #336699\n');
    expect(toolResults('model-api')).toEqual(
      expect.arrayContaining([
        'CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT);\n',
        'The shop lists products.\n',
      ]),
    );

    // Writes where an agent may not write were refused, and nothing changed there.
    const uiResults = toolResults('model-ui');
    expect(uiResults).toContainEqual(
      expect.stringMatching(/^Error: ".*colors\.md" is read-only: it is a read-only context path\.$/),
    );
    expect(uiResults).toContainEqual(
      expect.stringMatching(/^Error: "\.\.\/project_api\/stolen\.txt" is outside the directories you may use/),
    );
    expect(uiResults).toContainEqual(
      expect.stringMatching(
        /early\.html" is read-only: this context path becomes writable only for the agent that presents/,
      ),
    );
    expect(toolResults('model-api')).toContainEqual(expect.stringMatching(/hack\.txt" is read-only/));
    expect(readFileSync(p.colors, 'utf8')).toBe('primary: #336699\n');
    expect(existsSync(path.join(p.workspaces, runId, 'project_api', 'stolen.txt'))).toBe(false);
    expect(existsSync(path.join(path.dirname(p.requirements), 'hack.txt'))).toBe(false);
    expect(existsSync(path.join(p.deliverables, 'early.html'))).toBe(false);

    // The winner presented with its tools and wrote the write context path, except its protected file.
    const presentation = setup.server.requests.filter(
      (request) =>
        request.model === 'model-api' &&
        !request.tools.some((tool) => tool.function.name === 'vote' || tool.function.name === 'new_answer'),
    );
    expect(presentation.length).toBeGreaterThan(0);
    expect(presentation.map((request) => request.body['tool_choice'])).toEqual(presentation.map(() => 'auto'));
    expect(readFileSync(path.join(p.deliverables, 'api.py'), 'utf8')).toBe('def list_products(): ...\n');
    expect(readFileSync(path.join(p.deliverables, 'README.md'), 'utf8')).toBe('# Shop API\n');
    expect(readFileSync(path.join(p.deliverables, 'LICENSE'), 'utf8')).toBe('Apache-2.0\n');
    expect(toolResults('model-api')).toContainEqual(expect.stringMatching(/LICENSE" is a protected path/));
    expect(readdirSync(p.deliverables).sort()).toEqual(['LICENSE', 'README.md', 'api.py']);

    const events = readRunEvents(setup.directory);
    expect(events.find((event) => event.type === 'consensus')).toMatchObject({ winnerAgentId: backEnd });
    expect(
      events.filter((event) => event.type === 'answer').map((event) => event.type === 'answer' && event.agentId),
    ).toEqual(expect.arrayContaining([frontEnd, backEnd]));
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
  });
});
