import { describe, expect, it } from 'vitest';
import { estimateTokens, sessionHistory } from './session-history.js';

const turn = (question: string, finalAnswer?: string) => ({
  question,
  ...(finalAnswer === undefined ? {} : { finalAnswer }),
});

describe('sessionHistory', () => {
  it('passes every answered turn as a question and its answer when they fit', () => {
    const history = sessionHistory([turn('What is 2+2?', 'Four.'), turn('And times 3?', 'Twelve.')], 1000);
    expect(history).toMatchObject({ kept: 2, dropped: 0, truncated: false });
    expect(history.messages).toEqual([
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: 'Four.' },
      { role: 'user', content: 'And times 3?' },
      { role: 'assistant', content: 'Twelve.' },
    ]);
  });

  it('leaves out turns that ended without an answer', () => {
    const history = sessionHistory([turn('cancelled one'), turn('q', 'a')], 1000);
    expect(history.messages.map((message) => message.content)).toEqual(['q', 'a']);
  });

  it('drops the oldest turns beyond the budget and says which questions were dropped', () => {
    const long = 'x'.repeat(400);
    const turns = [turn('first question', long), turn('second question', long), turn('third question', long)];
    const history = sessionHistory(turns, 2 * (estimateTokens(long) + 4));
    expect(history).toMatchObject({ kept: 2, dropped: 1, truncated: false });
    expect(history.messages[0]).toEqual({
      role: 'user',
      content: expect.stringMatching(/one earlier question and its answer were left out.*"first question"/),
    });
    expect(history.messages.slice(1).map((message) => message.content)).toEqual([
      'second question',
      long,
      'third question',
      long,
    ]);
  });

  it('cuts the newest answer when it alone is over the budget, and says so', () => {
    const history = sessionHistory([turn('older', 'short'), turn('q', 'y'.repeat(1000))], 50);
    expect(history).toMatchObject({ kept: 1, dropped: 1, truncated: true });
    const answer = history.messages.at(-1)?.content as string;
    expect(answer.startsWith('y'.repeat(196))).toBe(true);
    expect(answer).toMatch(/\[… 804 more characters left out/);
  });

  it('passes nothing with a budget of zero', () => {
    expect(sessionHistory([turn('q', 'a')], 0)).toMatchObject({ messages: [], kept: 0, dropped: 1 });
  });
});
