import type { TurnRequest } from '@massgen/core';
import { answerTurn, createScriptedAgent, textTurn, voteTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { runVote } from './test-context.js';

const fileTool = { name: 'write_file', description: 'Write a file.', inputSchema: { type: 'object' } };

describe('vote strategy: the presenter keeps its own tools', () => {
  it('lets a winner with runtime tools (workspace, MCP) call them while it presents, and a winner without tools call none', async () => {
    const presenterRequests: TurnRequest[] = [];
    const agent = (id: string, tools: (typeof fileTool)[]) =>
      createScriptedAgent({
        id,
        tools,
        turns: (request: TurnRequest, index: number) => {
          if (request.workflowTools.length === 0) {
            presenterRequests.push(request);
            return textTurn('Final.');
          }
          return index === 0 ? answerTurn(`Answer from ${id}`) : voteTurn('agent1', 'Complete.');
        },
      });
    await runVote({ agents: [agent('with-tools', [fileTool]), agent('plain', [])] });
    await runVote({ agents: [agent('no-tools', []), agent('other', [fileTool])] });
    expect(presenterRequests.map((request) => request.toolChoice)).toEqual(['auto', 'none']);
  });
});
