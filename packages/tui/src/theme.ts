import { createContext, useContext } from 'react';
import type { AgentState, TimelineKind } from '@massgen/run-state';

/** A colour name ink understands, or none. */
export type ThemeColor = string | undefined;

export interface Theme {
  agent(index: number): ThemeColor;
  state(state: AgentState): ThemeColor;
  timeline(kind: TimelineKind): ThemeColor;
  accent: ThemeColor;
  muted: ThemeColor;
  warning: ThemeColor;
  error: ThemeColor;
}

const agentColors = [
  'cyan',
  'magenta',
  'yellow',
  'green',
  'blue',
  'redBright',
  'cyanBright',
  'magentaBright',
  'yellowBright',
];

const stateColors: Record<AgentState, string> = {
  waiting: 'gray',
  working: 'yellow',
  answered: 'green',
  voted: 'blue',
  presenting: 'magenta',
  failed: 'red',
  done: 'green',
  stopped: 'gray',
};

const timelineColors: Record<TimelineKind, string> = {
  round: 'gray',
  answer: 'green',
  vote: 'blue',
  restart: 'yellow',
  message: 'cyan',
  error: 'red',
  retry: 'yellow',
  dropped: 'red',
  warning: 'yellow',
  winner: 'magenta',
  final: 'magenta',
  end: 'gray',
};

export const colorTheme: Theme = {
  agent: (index) => agentColors[index % agentColors.length],
  state: (state) => stateColors[state],
  timeline: (kind) => timelineColors[kind],
  accent: 'cyan',
  muted: 'gray',
  warning: 'yellow',
  error: 'red',
};

/** For `NO_COLOR`: text keeps its bold and dim styles but gets no colour at all. */
export const monochromeTheme: Theme = {
  agent: () => undefined,
  state: () => undefined,
  timeline: () => undefined,
  accent: undefined,
  muted: undefined,
  warning: undefined,
  error: undefined,
};

/** The theme the environment asks for: https://no-color.org says any non-empty `NO_COLOR` turns colour off. */
export function themeForEnvironment(env: Readonly<Record<string, string | undefined>>): Theme {
  const noColor = env['NO_COLOR'];
  return noColor !== undefined && noColor !== '' ? monochromeTheme : colorTheme;
}

export const ThemeContext = createContext<Theme>(colorTheme);

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
