import { describe, expect, it } from 'vitest';
import { withWinnerSources } from './winner-sources.js';

const cited = 'It is 330 m tall.\n\nSources:\n- Official site: https://www.toureiffel.paris/en\n- https://example.com/';
const answers = [
  { agentId: 'a', content: 'Another answer.' },
  { agentId: 'b', content: 'An older answer.' },
  { agentId: 'b', content: cited },
];

describe('withWinnerSources', () => {
  it("ends the final answer with the pages the winner's answer cited and it leaves out", () => {
    expect(
      withWinnerSources(
        { type: 'final', agentId: 'b', label: 'B2.final', content: '330 m, per https://example.com/.' },
        answers,
      ),
    ).toEqual({
      type: 'final',
      agentId: 'b',
      label: 'B2.final',
      content: '330 m, per https://example.com/.\n\nSources:\n- Official site: https://www.toureiffel.paris/en',
    });
    expect(
      withWinnerSources(
        { type: 'run-end', stopReason: 'consensus', winnerAgentId: 'b', finalAnswer: '330 m.' },
        answers,
      ),
    ).toMatchObject({ finalAnswer: `330 m.${cited.slice('It is 330 m tall.'.length)}` });
  });

  it('leaves a final answer alone when the winner cited nothing or it already cites every page', () => {
    const final = { type: 'final' as const, agentId: 'a', label: 'A1.final', content: 'Presented.' };
    expect(withWinnerSources(final, answers)).toEqual(final);
    expect(withWinnerSources({ ...final, agentId: 'b', content: cited }, answers)).toEqual({
      ...final,
      agentId: 'b',
      content: cited,
    });
    const usage = { type: 'usage' as const, agentId: 'b', usage: {} };
    expect(withWinnerSources(usage, answers)).toBe(usage);
  });
});
