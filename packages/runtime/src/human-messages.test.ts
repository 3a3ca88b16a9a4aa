import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackendRequest, HumanMessage, RunEvent, StreamPart } from '@massgen/core';
import { createDeferred, createScriptedBackend, waitFor } from '@massgen/testing';
import type { ScriptedTurn } from '@massgen/testing';
import { HumanInbox } from './human-inbox.js';
import { run } from './run.js';
import { useRunDirectory } from './run-test-support.js';

const runDirectory = useRunDirectory('messages');
const message = 'Answer in metric units.';
const finish = (reason: 'stop' | 'tool-calls'): StreamPart => ({ type: 'finish', reason });
const call = (name: string, input: Record<string, unknown>): StreamPart => ({
  type: 'tool-call',
  id: name,
  name,
  input: JSON.stringify(input),
});
const promptOf = (request: BackendRequest): string => JSON.stringify(request.messages);

describe('HumanInbox', () => {
  it('keeps the messages sent before anyone listens, hands on the rest at once, and refuses them once closed', () => {
    const inbox = new HumanInbox();
    const heard: HumanMessage[] = [];
    expect(inbox.send({ text: 'early' })).toBe(true);
    const stop = inbox.listen((each) => heard.push(each));
    expect(inbox.send({ text: 'later', to: ['a'] })).toBe(true);
    expect(heard).toEqual([{ text: 'early' }, { text: 'later', to: ['a'] }]);
    stop();
    inbox.close();
    expect(inbox.send({ text: 'after the run' })).toBe(false);
    expect(heard).toHaveLength(2);
  });
});

describe('run with messages from the person', () => {
  it('delivers a message at the addressed agent’s next request and marks the vote it made out of date', async () => {
    const inbox = new HumanInbox();
    const betaMayVote = createDeferred();
    const requests: Record<string, BackendRequest[]> = { alpha: [], beta: [] };
    const agent = (id: string) =>
      createScriptedBackend({
        modelId: `model-${id}`,
        turns: (request: BackendRequest): ScriptedTurn => {
          requests[id]?.push(request);
          if (request.tools === undefined || request.tools.length === 0)
            return [{ type: 'text-delta', text: `${id} presents` }, finish('stop')];
          if (!request.tools.some((tool) => tool.name === 'vote'))
            return [call('new_answer', { content: `${id}: 20 °C` }), finish('tool-calls')];
          const vote = [call('vote', { agent_id: 'agent1', reason: 'fine' }), finish('tool-calls')];
          return id === 'beta' ? [waitFor(betaMayVote.promise), ...vote] : vote;
        },
      });
    let sent = false;
    const result = await run(
      runDirectory.config(
        'agents:\n  - id: alpha\n    backend: { type: chatcompletion, model: a }\n  - id: beta\n    backend: { type: chatcompletion, model: b }\n',
      ),
      'How warm is it?',
      {
        ...runDirectory.options(),
        backends: { alpha: agent('alpha'), beta: agent('beta') },
        humanMessages: inbox,
        onEvent: (event: RunEvent) => {
          if (!sent && event.type === 'vote' && event.agentId === 'alpha' && event.stale !== true) {
            sent = true;
            inbox.send({ text: message, to: ['alpha'] });
          }
          if (event.type === 'human-message') betaMayVote.resolve();
        },
      },
    );

    expect(result.stopReason).toBe('consensus');
    const alphaVotes = result.votes.filter((vote) => vote.agentId === 'alpha');
    expect(alphaVotes.map((vote) => vote.stale)).toEqual([true, false]);
    const alphaTurns = requests['alpha']!.filter((request) => (request.tools?.length ?? 0) > 0);
    expect(promptOf(alphaTurns.at(-1)!)).toContain(message);
    for (const request of requests['beta']!) expect(promptOf(request)).not.toContain(message);
    const recorded = readFileSync(path.join(result.recordDirectory!, 'events.jsonl'), 'utf8');
    expect(recorded).toContain('"type":"human-message"');
    const votesFile = JSON.parse(readFileSync(path.join(result.recordDirectory!, 'votes.json'), 'utf8')) as Array<{
      voter: string;
      stale: boolean;
    }>;
    expect(votesFile.filter((vote) => vote.voter === 'alpha').map((vote) => vote.stale)).toEqual([true, false]);
  });

  it('says a message reached nobody when the run’s strategy does not take messages', async () => {
    const inbox = new HumanInbox();
    inbox.send({ text: message });
    const result = await run(
      runDirectory.config('agents:\n  - id: solo\n    backend: { type: chatcompletion, model: a }\n'),
      'How warm is it?',
      {
        cwd: runDirectory.path,
        record: false,
        passthrough: true,
        backends: {
          solo: createScriptedBackend({
            modelId: 'a',
            turns: () => [{ type: 'text-delta', text: '20 °C' }, finish('stop')],
          }),
        },
        humanMessages: inbox,
      },
    );
    expect(result.finalAnswer).toBe('20 °C');
    expect(result.warnings.find((warning) => warning.code === 'message-not-delivered')?.message).toContain(
      'does not take messages',
    );
  });
});
