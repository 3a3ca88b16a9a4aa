import { describe, expect, it } from 'vitest';
import type { FakeChatRequest, FakeReply, FakeResponder } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { fourTeam, useTeamFixture } from './team-fixture.js';
import { tmuxAvailable } from './tmux-terminal.js';

const fixture = useTeamFixture('human-input');
const question = 'Celsius or Fahrenheit?';

/** The tool result alpha got for its question, if it has one yet. */
function replyIn(request: FakeChatRequest): string | undefined {
  const result = request.messages.find((message) => message.role === 'tool');
  return result === undefined ? undefined : String(result.content);
}

/**
 * In its first turn (nothing to vote for yet) alpha asks the person `question`, then answers
 * with what it was told; beta, the later turns and the presentation are the usual team.
 */
const alphaAsks: FakeResponder = (request, context): FakeReply | Promise<FakeReply> => {
  const offered = request.tools.map((tool) => tool.function.name);
  const firstTurn = offered.includes('new_answer') && !offered.includes('vote');
  if (request.model !== 'model-alpha' || !offered.includes('ask_human') || !firstTurn)
    return fourTeam(request, context);
  const reply = replyIn(request);
  if (reply === undefined) return { type: 'tool-calls', calls: [{ name: 'ask_human', arguments: { question } }] };
  return { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content: `Told: ${reply}` } }] };
};

const alphaTurns = (): FakeChatRequest[] =>
  fixture.server.requests.filter((request) => request.model === 'model-alpha' && request.tools.length > 0);

/** Has alpha ask its question, in a team of alpha and beta whose `coordination.human_input` is `setting`. */
function writeAskingTeam(setting: string): string {
  fixture.server.setResponder(alphaAsks);
  return fixture.writeTeam(['alpha', 'beta'], `orchestrator:\n  coordination:\n    human_input: ${setting}\n`);
}

describe('coordination.human_input: agents ask the person', () => {
  it('answers "no reply" at once where nobody can reply (no terminal), and the run goes on', async () => {
    const file = writeAskingTeam('true');
    const result = await runCli(['--config', file, 'How warm is it?'], { cwd: fixture.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    const replies = alphaTurns()
      .map(replyIn)
      .filter((reply) => reply !== undefined);
    expect(replies[0]).toMatch(/^No reply: nobody can answer questions in this run/);
    // Every agent is offered the tool, with the question and reply in its record.
    for (const request of fixture.server.requests.filter((each) => each.tools.length > 0))
      expect(request.tools.map((tool) => tool.function.name)).toContain('ask_human');
    expect(fixture.recordedEvents()).toContainEqual(
      expect.objectContaining({ type: 'tool-call', agentId: 'alpha', name: 'ask_human' }),
    );
  });

  it('loads upstream’s broadcast: human spelling without warning that it is unsupported', async () => {
    const file = fixture.writeTeam(
      ['alpha', 'beta'],
      'orchestrator:\n  coordination:\n    broadcast: human\n    broadcast_timeout: 60\n    max_broadcasts_per_agent: 5\n    broadcast_sensitivity: high\n',
    );
    const result = await runCli(['--validate', file], { cwd: fixture.directory });
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('not support');
    expect(result.stdout).toContain(
      'human input: agents may ask the person (ask_human), up to 5 questions each; no reply after 60 s',
    );
  });

  describe.skipIf(!tmuxAvailable)('in a real terminal (needs tmux)', () => {
    it('shows the question in the footer and sends the typed reply back as the tool’s result', async () => {
      const file = writeAskingTeam('{ timeout_seconds: 600 }');
      const terminal = fixture.startTerminal(['--config', file, 'How warm is it?']);
      await terminal.waitForScreen(
        (screen) => screen.includes(`alpha asks (no reply after 10m00s): ${question}`) && screen.includes('reply ›'),
        'alpha’s question in the footer',
      );
      terminal.type('Celsius');
      await terminal.waitForScreen((screen) => screen.includes('reply › Celsius'), 'the typed reply');
      terminal.sendKeys('Enter');

      expect(await terminal.waitForExit()).toBe(0);
      expect(terminal.history()).toMatch(/^The answer is 4\.$/m);
      expect(alphaTurns().map(replyIn)).toContain('The person replied: Celsius');
      const answers = fixture.recordedEvents().filter((event) => event.type === 'answer');
      expect(answers).toContainEqual(
        expect.objectContaining({ agentId: 'alpha', content: 'Told: The person replied: Celsius' }),
      );
    });

    it('answers "no reply" when nobody types before the timeout, so an unattended terminal never hangs', async () => {
      const file = writeAskingTeam('{ timeout_seconds: 2 }');
      const terminal = fixture.startTerminal(['--config', file, 'How warm is it?']);
      expect(await terminal.waitForExit(60_000)).toBe(0);
      expect(alphaTurns().map(replyIn)).toContain(
        'No reply: the person did not answer within 2 seconds. Go on with your own judgement and say what you assumed.',
      );
    });
  });
});
