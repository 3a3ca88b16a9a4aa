import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { FinalAnswerView } from './final-answer-view.js';
import { frameLines } from './ink-test-helpers.js';

afterEach(cleanup);

const answer = Array.from({ length: 10 }, (_, line) => `Line ${line + 1}`).join('\n');

describe('FinalAnswerView', () => {
  it('follows the end of the answer while the winner streams it', () => {
    const lines = frameLines(
      render(<FinalAnswerView presenterId="alpha" text={answer} lines={4} width={50} finished={false} />).lastFrame()!,
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('alpha is presenting the final answer…');
    expect(lines.slice(2, 5).map((line) => line.replace(/[║\s]+/g, ' ').trim())).toEqual([
      'Line 8',
      'Line 9',
      'Line 10',
    ]);
  });

  it('shows the beginning once done, and says how much more is printed below', () => {
    const lines = frameLines(
      render(<FinalAnswerView presenterId="alpha" text={answer} lines={4} width={50} finished />).lastFrame()!,
    );
    expect(lines[1]).toContain('Final answer by alpha (7 more lines below)');
    expect(lines[2]).toContain('Line 1');
  });
});
