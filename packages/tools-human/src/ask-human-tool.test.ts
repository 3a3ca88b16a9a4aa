import { describe, expect, it } from 'vitest';
import type { AskHuman, HumanQuestion, Tool, ToolContext } from '@massgen/core';
import { askHumanTool } from './ask-human-tool.js';
import { resolveHumanInput, runSettingsSchema } from './index.js';

const context = (agentId = 'alpha', signal = new AbortController().signal): ToolContext => ({ agentId, signal });
const settings = resolveHumanInput({ human_input: { timeout_seconds: 300, max_questions_per_agent: 2 } });

async function call(tool: Tool, input: unknown, toolContext = context()) {
  return tool.execute(input, toolContext);
}

describe('resolveHumanInput', () => {
  it('reads our key and upstream’s spelling, ours first, with the documented defaults', () => {
    expect(resolveHumanInput({ human_input: true })).toEqual({
      enabled: true,
      timeoutMs: 300_000,
      maxQuestionsPerAgent: 10,
      sensitivity: 'medium',
    });
    expect(
      resolveHumanInput({
        broadcast: 'human',
        broadcast_timeout: 60,
        max_broadcasts_per_agent: 5,
        broadcast_sensitivity: 'high',
      }),
    ).toEqual({ enabled: true, timeoutMs: 60_000, maxQuestionsPerAgent: 5, sensitivity: 'high' });
    expect(resolveHumanInput({ broadcast: 'agents' }).enabled).toBe(false);
    expect(resolveHumanInput({ human_input: false, broadcast: 'human' }).enabled).toBe(false);
    expect(resolveHumanInput({ human_input: { timeout_seconds: 5 }, broadcast_timeout: 60 }).timeoutMs).toBe(5000);
  });

  it('rejects settings that make no sense, naming what it expected', () => {
    const result = runSettingsSchema.safeParse({ human_input: { timeout_seconds: 0 } });
    expect(result.success).toBe(false);
    expect(runSettingsSchema.safeParse({ broadcast: 'everyone' }).success).toBe(false);
  });
});

describe('ask_human', () => {
  it('puts the question to the person and returns the reply', async () => {
    const asked: HumanQuestion[] = [];
    const askHuman: AskHuman = (question) => {
      asked.push(question);
      return Promise.resolve('Celsius, please.');
    };
    const result = await call(askHumanTool(settings, askHuman), { question: 'Celsius or Fahrenheit?' });
    expect(result).toEqual({ content: 'The person replied: Celsius, please.' });
    expect(asked).toEqual([{ agentId: 'alpha', question: 'Celsius or Fahrenheit?', timeoutMs: 300_000 }]);
  });

  it('answers "no reply" at once where nobody can answer, and when the person skips', async () => {
    const unattended = await call(askHumanTool(settings, undefined), { question: 'Which city?' });
    expect(unattended.content).toMatch(/^No reply: nobody can answer questions in this run/);
    const skipped = await call(
      askHumanTool(settings, () => Promise.resolve(undefined)),
      { question: 'Which city?' },
    );
    expect(skipped.content).toMatch(/^No reply: the person chose not to answer/);
  });

  it('answers "no reply" when the timeout passes, and tells the display to take the question away', async () => {
    let withdrawn = false;
    const waitsForever: AskHuman = (_question, { signal }) =>
      new Promise((resolve) =>
        signal.addEventListener('abort', () => {
          withdrawn = true;
          resolve(undefined);
        }),
      );
    const quick = resolveHumanInput({ human_input: { timeout_seconds: 0.05 } });
    const result = await call(askHumanTool(quick, waitsForever), { question: 'Still there?' });
    expect(result.content).toMatch(/^No reply: the person did not answer within 0 seconds/);
    expect(withdrawn).toBe(true);
  });

  it('counts questions per agent and refuses those past the limit', async () => {
    const tool = askHumanTool(settings, () => Promise.resolve('yes'));
    await call(tool, { question: 'One?' });
    await call(tool, { question: 'Two?' });
    const third = await call(tool, { question: 'Three?' });
    expect(third).toMatchObject({ isError: true, content: expect.stringContaining('asked 2 questions') });
    expect(await call(tool, { question: 'One?' }, context('beta'))).toEqual({ content: 'The person replied: yes' });
  });

  it('says in its description how long it waits and how readily to ask', () => {
    expect(askHumanTool(resolveHumanInput({ human_input: { sensitivity: 'low' } }), undefined).description).toMatch(
      /wait up to 300 seconds[\s\S]*Ask only when you cannot go on/,
    );
  });
});
