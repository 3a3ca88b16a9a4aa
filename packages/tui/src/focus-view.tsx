import { Box, Text } from 'ink';
import type { AgentStatus, AgentOutput } from '@massgen/run-state';
import { describeModel, describeSilence, describeSpend, describeState, stateSymbols } from '@massgen/run-state';
import { lastOutputLines } from './output-lines.js';
import { OutputLineView } from './output-line-view.js';
import { useTheme } from './theme.js';

export interface FocusViewProps {
  agent: AgentStatus;
  index: number;
  output: AgentOutput;
  answerLabel: string | undefined;
  /** How long the agent has sent nothing, once the run has named it silent. */
  silentForMs?: number | undefined;
  width: number;
  /** Lines for the view, its title included. */
  lines: number;
  /** How many lines the view is scrolled up from the end of the output. */
  scroll: number;
}

/** One agent's whole output, every turn of it, following the end unless scrolled up. */
export function FocusView({ agent, index, output, answerLabel, silentForMs, width, lines, scroll }: FocusViewProps) {
  const theme = useTheme();
  const room = Math.max(1, lines - 1);
  const shown = lastOutputLines(output.segments, Math.max(1, width), room + scroll).slice(0, room);
  return (
    <Box flexDirection="column" height={lines}>
      <Text wrap="truncate-end">
        <Text color={theme.agent(index)} bold inverse>
          {' '}
          {index + 1} {agent.id}{' '}
        </Text>
        <Text color={theme.muted}> {describeModel(agent)} · </Text>
        <Text color={theme.state(agent.state)}>
          {stateSymbols[agent.state]} {describeState(agent, answerLabel)}
        </Text>
        {silentForMs === undefined ? null : <Text color={theme.warning}> · {describeSilence(silentForMs)}</Text>}
        <Text color={theme.muted}>
          {' · '}
          {describeSpend(agent)}
          {scroll > 0 ? ` · scrolled up ${scroll} lines` : ''}
        </Text>
      </Text>
      {shown.length === 0 ? (
        <Text color={theme.muted}>no output yet</Text>
      ) : (
        shown.map((line, position) => <OutputLineView key={position} line={line} />)
      )}
    </Box>
  );
}
