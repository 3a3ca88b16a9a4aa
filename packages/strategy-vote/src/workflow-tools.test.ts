import { describe, expect, it } from 'vitest';
import { parseWorkflowCall } from './workflow-call.js';
import { createNewAnswerTool, createVoteTool, isWorkflowToolName, workflowToolsFor } from './workflow-tools.js';

const offered = { labels: ['agent1', 'agent3'], newAnswer: true };

describe('workflow tools', () => {
  it('declares new_answer with a required string content', () => {
    expect(createNewAnswerTool()).toMatchObject({
      name: 'new_answer',
      inputSchema: { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] },
    });
  });

  it('declares vote with the offered labels as an enum, a reason and an optional 0..1 confidence', () => {
    expect(createVoteTool(['agent1', 'agent3'])).toMatchObject({
      name: 'vote',
      inputSchema: {
        type: 'object',
        properties: {
          agent_id: { type: 'string', enum: ['agent1', 'agent3'] },
          reason: { type: 'string' },
          confidence: { anyOf: [{ type: 'number', minimum: 0, maximum: 1 }, { type: 'null' }] },
        },
        required: ['agent_id', 'reason'],
        additionalProperties: false,
      },
    });
  });

  it('makes each tool once per set of labels: a team of fifty asks for the same ones all run long', () => {
    expect(createNewAnswerTool()).toBe(createNewAnswerTool());
    const vote = createVoteTool(['agent1', 'agent3']);
    expect(createVoteTool(['agent1', 'agent3'])).toBe(vote);
    const wider = createVoteTool(['agent1', 'agent2', 'agent3']);
    expect(wider).not.toBe(vote);
    expect(wider.parseInput({ agent_id: 'agent2', reason: 'r' }).success).toBe(true);
    expect(vote.parseInput({ agent_id: 'agent2', reason: 'r' }).success).toBe(false);
  });

  it('offers vote only when answers exist, and new_answer only below the cap', () => {
    const names = (labels: string[], newAnswer: boolean) =>
      workflowToolsFor({ labels, newAnswer }).map((tool) => tool.name);
    expect(names([], true)).toEqual(['new_answer']);
    expect(names(['agent1'], true)).toEqual(['new_answer', 'vote']);
    expect(names(['agent1'], false)).toEqual(['vote']);
    expect(isWorkflowToolName('vote')).toBe(true);
    expect(isWorkflowToolName('search')).toBe(false);
  });
});

describe('parseWorkflowCall', () => {
  it('accepts well-formed calls', () => {
    expect(parseWorkflowCall({ name: 'new_answer', input: '{"content":"Hi"}' }, offered)).toEqual({
      ok: true,
      call: { kind: 'new-answer', content: 'Hi' },
    });
    expect(
      parseWorkflowCall({ name: 'vote', input: '{"agent_id":"agent3","reason":"r","confidence":0}' }, offered),
    ).toEqual({
      ok: true,
      call: { kind: 'vote', label: 'agent3', reason: 'r', confidence: 0 },
    });
    expect(
      parseWorkflowCall({ name: 'vote', input: '{"agent_id":"agent1","reason":"r","confidence":null}' }, offered),
    ).toEqual({
      ok: true,
      call: { kind: 'vote', label: 'agent1', reason: 'r' },
    });
  });

  it.each([
    [
      { name: 'new_answer', input: '[1]' },
      'Invalid arguments for new_answer: Invalid input: expected object, received array',
    ],
    [{ name: 'new_answer', input: '' }, 'content: Invalid input: expected string, received undefined'],
    [{ name: 'new_answer', input: '{"content":42}' }, 'content: Invalid input: expected string, received number'],
    [{ name: 'new_answer', input: '{"content":" "}' }, 'content: expected a non-empty answer'],
    [{ name: 'vote', input: '{"reason":"r"}' }, 'agent_id: expected the label of one of the answers: agent1, agent3'],
    [
      { name: 'vote', input: '{"agent_id":"agent2","reason":"r"}' },
      'agent_id: expected the label of one of the answers: agent1, agent3',
    ],
    [{ name: 'vote', input: '{"agent_id":"agent1"}' }, 'reason: Invalid input: expected string, received undefined'],
    [
      { name: 'vote', input: '{"agent_id":"agent1","reason":"r","confidence":"high"}' },
      'confidence: Invalid input: expected number, received string',
    ],
    [{ name: 'submit', input: '{}' }, 'submit is not a workflow tool'],
  ])('rejects %j with a problem naming what was wrong', (call, problem) => {
    const parsed = parseWorkflowCall(call, offered);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toContain(problem);
  });

  it('rejects new_answer past the cap and vote before any answer', () => {
    expect(
      parseWorkflowCall({ name: 'new_answer', input: '{"content":"x"}' }, { labels: ['agent1'], newAnswer: false }),
    ).toMatchObject({
      ok: false,
      problem: expect.stringContaining('as many answers as allowed'),
    });
    expect(
      parseWorkflowCall({ name: 'vote', input: '{"agent_id":"agent1","reason":"r"}' }, { labels: [], newAnswer: true }),
    ).toMatchObject({
      ok: false,
      problem: expect.stringContaining('no answers exist yet'),
    });
  });
});
