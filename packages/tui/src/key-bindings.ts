/** The parts of ink's `Key` the bindings read. */
export interface KeyPress {
  ctrl?: boolean;
  escape?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  upArrow?: boolean;
  downArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
}

export type KeyAction =
  | { type: 'answer-now' }
  | { type: 'cancel' }
  /** Start typing a message: to the focused agent, or to all agents from the overview. */
  | { type: 'compose' }
  | { type: 'focus'; index: number }
  | { type: 'focus-step'; delta: 1 | -1 }
  | { type: 'unfocus' }
  | { type: 'scroll'; lines: number };

/**
 * What a key press asks for. `q` and Ctrl-C both cancel: stopping keeps every answer so far in
 * the run record, so quitting never loses work. Arrows switch agents only in the focus view,
 * where up and down scroll its output.
 */
export function keyAction(
  input: string,
  key: KeyPress,
  context: { focused: boolean; agentCount: number; pageLines: number },
): KeyAction | undefined {
  if (key.ctrl === true && input === 'c') return { type: 'cancel' };
  if (key.ctrl === true) return undefined;
  if (input === 'q' || input === 'Q') return { type: 'cancel' };
  if (input === 'a' || input === 'A') return { type: 'answer-now' };
  if (input === 'm' || input === 'M') return { type: 'compose' };
  if (/^[1-9]$/.test(input)) {
    const index = Number(input) - 1;
    return index < context.agentCount ? { type: 'focus', index } : undefined;
  }
  if (key.escape === true) return context.focused ? { type: 'unfocus' } : undefined;
  if (key.rightArrow === true || input === '\t') return { type: 'focus-step', delta: 1 };
  if (key.leftArrow === true) return { type: 'focus-step', delta: -1 };
  if (!context.focused) return undefined;
  if (key.upArrow === true) return { type: 'scroll', lines: 1 };
  if (key.downArrow === true) return { type: 'scroll', lines: -1 };
  if (key.pageUp === true) return { type: 'scroll', lines: context.pageLines };
  if (key.pageDown === true) return { type: 'scroll', lines: -context.pageLines };
  return undefined;
}

/** The focused agent after a step, wrapping around; from the overview a step focuses the first or last agent. */
export function stepFocus(current: number | undefined, delta: 1 | -1, agentCount: number): number | undefined {
  if (agentCount === 0) return undefined;
  if (current === undefined) return delta === 1 ? 0 : agentCount - 1;
  return (current + delta + agentCount) % agentCount;
}
