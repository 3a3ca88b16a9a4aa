import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { VoteTallyView } from './vote-tally-view.js';

afterEach(cleanup);

describe('VoteTallyView', () => {
  it('counts answers while there are no votes', () => {
    expect(render(<VoteTallyView rows={[]} answers={2} />).lastFrame()).toBe('Votes: none yet · 2 answers');
  });

  it('shows each answer with a bar of its votes, the winner starred', () => {
    const frame = render(
      <VoteTallyView
        rows={[
          { label: 'A1.1', agentId: 'alpha', votes: 2, voters: ['beta', 'gamma'], winner: true },
          { label: 'A2.1', agentId: 'beta', votes: 1, voters: ['alpha'], winner: false },
        ]}
        answers={2}
      />,
    ).lastFrame();
    expect(frame).toBe('Votes: ★ A1.1 (alpha) ■■ 2  A2.1 (beta) ■ 1');
  });
});
