export interface LayoutInput {
  width: number;
  height: number;
  agentCount: number;
  showCards: boolean;
  showTimeline: boolean;
  /** The final answer panel is on screen (the winner is presenting, or has presented). */
  showFinal: boolean;
  /** Lines the footer takes beyond the key help's one (a question being answered). */
  extraFooterLines?: number;
  /**
   * Lines a large team's summary would like above the agents (see `teamSummaryLines`); given,
   * agents are shown one line each and the summary gets at most half of the room.
   */
  teamLines?: number;
}

export type AgentsLayout =
  /** Bordered cards in a grid: `columns` per row, each `cardWidth` wide with `outputLines` of output. */
  | { mode: 'cards'; columns: number; cardWidth: number; outputLines: number }
  /** One line per agent, for many agents or short terminals; `visibleRows` of them fit. */
  | { mode: 'rows'; visibleRows: number };

export interface ScreenLayout {
  width: number;
  agents: AgentsLayout;
  /** Timeline entries shown under its title; 0 hides the timeline. */
  timelineLines: number;
  /** Lines of the final answer inside its border; 0 hides the panel. */
  finalLines: number;
  /** Lines of output in the focus view. */
  focusLines: number;
  /** Lines of the team summary; 0 for a small team, which has none. */
  teamLines: number;
}

/** Narrowest card that still shows a useful line of output. */
export const minCardWidth = 24;
/** Below this width cards stack in one column. */
export const stackBelowWidth = 2 * minCardWidth;
/** Border (2), name and state lines (2), and at least two lines of output. */
const cardChrome = 4;
const minCardOutput = 2;
const maxCardOutput = 16;
/** Header (2 lines), vote tally (1), key help (1). */
const fixedLines = 4;

/**
 * Decides how the screen is divided. The whole frame stays one line shorter than the terminal:
 * a frame as tall as the terminal makes ink clear the screen on every render, which flickers.
 */
export function planLayout(input: LayoutInput): ScreenLayout {
  const width = Math.max(20, input.width);
  const usable = Math.max(8, input.height - 1 - (input.extraFooterLines ?? 0));
  const count = Math.max(1, input.agentCount);
  let rest = usable - fixedLines;

  const finalLines = input.showFinal ? clamp(Math.floor(rest * 0.4) - 2, 3, 12) : 0;
  if (input.showFinal) rest -= finalLines + 2;

  const minTimeline = input.showTimeline ? 1 + 2 : 0;
  const focusLines = Math.max(3, usable - 3);

  // At most half of what is left after a line for the agents: a tiny terminal may show none of it.
  const teamLines =
    input.teamLines === undefined ? 0 : clamp(input.teamLines, 0, Math.floor(Math.max(0, rest - 1) / 2));
  rest -= teamLines;

  const grid = cardGrid(width, count);
  const cardsFit =
    input.teamLines === undefined && input.showCards && grid.rows * (cardChrome + minCardOutput) <= rest - minTimeline;
  if (cardsFit) {
    const timelineBlock = input.showTimeline ? Math.min(1 + 6, rest - grid.rows * (cardChrome + minCardOutput)) : 0;
    const perCard = Math.floor((rest - timelineBlock) / grid.rows);
    const outputLines = clamp(perCard - cardChrome, minCardOutput, maxCardOutput);
    const spare = rest - timelineBlock - grid.rows * (outputLines + cardChrome);
    const timelineLines = input.showTimeline ? Math.min(12, timelineBlock - 1 + spare) : 0;
    return {
      width,
      agents: { mode: 'cards', columns: grid.columns, cardWidth: Math.floor(width / grid.columns), outputLines },
      timelineLines,
      finalLines,
      focusLines,
      teamLines,
    };
  }

  const visibleRows = clamp(rest - minTimeline, 1, count);
  const timelineRoom = rest - visibleRows - 1;
  const timelineLines = input.showTimeline && timelineRoom >= 2 ? Math.min(10, timelineRoom) : 0;
  return { width, agents: { mode: 'rows', visibleRows }, timelineLines, finalLines, focusLines, teamLines };
}

/** Columns and rows of cards: as many side by side as fit, balanced across rows. */
function cardGrid(width: number, count: number): { columns: number; rows: number } {
  if (width < stackBelowWidth) return { columns: 1, rows: count };
  const widest = clamp(Math.floor(width / minCardWidth), 1, count);
  const rows = Math.ceil(count / widest);
  return { columns: Math.ceil(count / rows), rows };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
