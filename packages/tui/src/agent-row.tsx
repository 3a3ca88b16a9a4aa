import { memo } from 'react';
import { Text } from 'ink';
import type { AgentStatus, AgentOutput, OutputSegment } from '@massgen/run-state';
import {
  currentTurn,
  describeSilence,
  describeSpend,
  describeState,
  idleText,
  stateSymbols,
  fitWidth,
  oneLine,
  truncateEnd,
  truncateStart,
} from '@massgen/run-state';
import { useTheme } from './theme.js';

export interface AgentRowColumns {
  /** Width of the key-and-name column. */
  name: number;
  /** Width of the model column; 0 leaves it out. */
  model: number;
  state: number;
  spend: number;
}

/** Column widths for rows on a screen `width` wide, with room left for the latest output. */
export function rowColumns(width: number, agents: readonly AgentStatus[]): AgentRowColumns {
  const longestName = Math.max(4, ...agents.map((agent) => agent.id.length));
  const name = Math.min(18, longestName + 3);
  const model = width >= 110 ? Math.min(24, Math.max(6, ...agents.map((agent) => agent.modelId.length)) + 2) : 0;
  // Fixed widths, so columns stay put as states and spend change during the run.
  const priced = agents.some((agent) => agent.costUsd !== undefined);
  return { name, model, state: 19, spend: priced ? 17 : 10 };
}

export interface AgentRowProps {
  agent: AgentStatus;
  index: number;
  output: AgentOutput;
  answerLabel: string | undefined;
  /** How long the agent has sent nothing, once the run has named it silent. */
  silentForMs?: number | undefined;
  columns: AgentRowColumns;
  width: number;
}

/** One agent on one line, for when cards do not fit: name, state, spend, and its latest line of output. */
function AgentRowBody({ agent, index, output, answerLabel, silentForMs, columns, width }: AgentRowProps) {
  const theme = useTheme();
  const fixed = columns.name + columns.model + columns.state + columns.spend;
  const room = Math.max(0, width - fixed - 2);
  const latest = latestLine(currentTurn(output), Math.max(1, room - 2)) ?? idleLine(agent, Math.max(1, room - 2));
  const key = index < 9 ? `${index + 1} ` : '  ';
  return (
    <Text wrap="truncate-end">
      <Text color={theme.agent(index)} bold>
        {fitWidth(`${key}${agent.id}`, columns.name)}
      </Text>
      {columns.model > 0 ? <Text color={theme.muted}>{fitWidth(agent.modelId, columns.model)}</Text> : null}
      <Text color={silentForMs === undefined ? theme.state(agent.state) : theme.warning}>
        {fitWidth(
          `${stateSymbols[agent.state]} ${silentForMs === undefined ? describeState(agent, answerLabel) : describeSilence(silentForMs)}`,
          columns.state - 1,
        )}{' '}
      </Text>
      <Text color={theme.muted}>{fitWidth(describeSpend(agent), columns.spend)}</Text>
      {latest === undefined ? null : (
        <Text
          dimColor={latest.kind === 'reasoning' || latest.kind === 'turn'}
          italic={latest.kind === 'reasoning'}
          color={latest.kind === 'tool-error' ? theme.error : undefined}
        >
          {'│ '}
          {latest.text}
        </Text>
      )}
    </Text>
  );
}

/** Memoised: React re-renders only the rows whose data changed. */
export const AgentRow = memo(AgentRowBody);

function idleLine(agent: AgentStatus, width: number): { kind: 'turn'; text: string } | undefined {
  const text = idleText(agent);
  return text === '' ? undefined : { kind: 'turn', text: truncateEnd(text, width) };
}

/** The end of the latest streamed text, or the latest tool line: what the agent is doing now. */
function latestLine(
  segments: readonly OutputSegment[],
  width: number,
): { kind: OutputSegment['kind']; text: string } | undefined {
  const last = segments[segments.length - 1];
  if (last === undefined) return undefined;
  if (last.kind === 'text' || last.kind === 'reasoning')
    return { kind: last.kind, text: truncateStart(oneLine(last.text.slice(-4 * width)), width) };
  const marker = last.kind === 'tool-call' ? '⚙ ' : last.kind === 'tool-error' ? '✗ ' : '↳ ';
  return { kind: last.kind, text: truncateEnd(`${marker}${oneLine(last.text)}`, width) };
}
