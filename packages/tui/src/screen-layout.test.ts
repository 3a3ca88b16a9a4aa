import { describe, expect, it } from 'vitest';
import { planLayout } from './screen-layout.js';

const base = { showCards: true, showTimeline: true, showFinal: false };

describe('planLayout', () => {
  it('puts a few agents side by side on a wide terminal', () => {
    const layout = planLayout({ ...base, width: 120, height: 40, agentCount: 3 });
    expect(layout.agents).toMatchObject({ mode: 'cards', columns: 3, cardWidth: 40 });
    expect(layout.timelineLines).toBeGreaterThanOrEqual(6);
  });

  it('stacks cards in one column on a narrow terminal', () => {
    expect(planLayout({ ...base, width: 44, height: 60, agentCount: 3 }).agents).toMatchObject({
      mode: 'cards',
      columns: 1,
      cardWidth: 44,
    });
  });

  it('balances cards across rows', () => {
    expect(planLayout({ ...base, width: 100, height: 50, agentCount: 5 }).agents).toMatchObject({
      mode: 'cards',
      columns: 3,
    });
  });

  it('falls back to one line per agent when cards do not fit the height', () => {
    const layout = planLayout({ ...base, width: 80, height: 24, agentCount: 8 });
    expect(layout.agents).toEqual({ mode: 'rows', visibleRows: 8 });
    expect(layout.timelineLines).toBeGreaterThanOrEqual(2);
  });

  it('uses rows when cards are turned off', () => {
    expect(planLayout({ ...base, showCards: false, width: 200, height: 60, agentCount: 2 }).agents.mode).toBe('rows');
  });

  it('never plans more lines than the terminal has, keeping the last line free', () => {
    for (const agentCount of [1, 2, 3, 5, 8, 12, 30]) {
      for (const [width, height] of [
        [80, 24],
        [60, 15],
        [100, 50],
        [200, 60],
        [40, 12],
      ] as const) {
        for (const showFinal of [false, true]) {
          const teamLines = agentCount > 8 ? { teamLines: 9 } : {};
          const layout = planLayout({ ...base, width, height, agentCount, showFinal, ...teamLines });
          const agents =
            layout.agents.mode === 'cards'
              ? Math.ceil(agentCount / layout.agents.columns) * (layout.agents.outputLines + 4)
              : layout.agents.visibleRows;
          const timeline = layout.timelineLines > 0 ? layout.timelineLines + 1 : 0;
          const final = layout.finalLines > 0 ? layout.finalLines + 2 : 0;
          expect(
            4 + layout.teamLines + agents + timeline + final,
            `${agentCount} agents on ${width}x${height}`,
          ).toBeLessThanOrEqual(height - 1);
        }
      }
    }
  });

  it('gives the final answer room once the winner presents', () => {
    const layout = planLayout({ ...base, width: 80, height: 24, agentCount: 3, showFinal: true });
    expect(layout.finalLines).toBeGreaterThanOrEqual(3);
  });

  it("gives a large team's summary the lines it asks for, at most half the room, and one line per agent", () => {
    const layout = planLayout({ ...base, width: 120, height: 40, agentCount: 50, teamLines: 5 });
    expect(layout.teamLines).toBe(5);
    expect(layout.agents.mode).toBe('rows');
    expect(planLayout({ ...base, width: 120, height: 20, agentCount: 50, teamLines: 30 }).teamLines).toBe(7);
    expect(
      planLayout({ ...base, width: 40, height: 12, agentCount: 50, teamLines: 30, showFinal: true }).teamLines,
    ).toBe(0);
    expect(planLayout({ ...base, width: 120, height: 40, agentCount: 3 }).teamLines).toBe(0);
  });
});
