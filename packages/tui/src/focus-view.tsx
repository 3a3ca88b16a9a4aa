import { Box, Text } from 'ink';
import type { AgentStatus, AgentOutput } from '@massgen/run-state';
import {
  describeModel,
  describePlanProgress,
  describeSilence,
  describeSpend,
  describeState,
  planLines,
  stateSymbols,
} from '@massgen/run-state';
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

/**
 * One agent's whole output, every turn of it, following the end unless scrolled up; its task
 * list, when it keeps one, above the output (at most a third of the view, the unfinished tasks first).
 */
export function FocusView({ agent, index, output, answerLabel, silentForMs, width, lines, scroll }: FocusViewProps) {
  const theme = useTheme();
  const plan = agent.plan ?? [];
  const planRoom = plan.length === 0 ? 0 : Math.min(plan.length + 1, Math.floor(lines / 3));
  const shownTasks = planRoom <= 1 ? [] : unfinishedFirst(plan).slice(0, planRoom - 1);
  const room = Math.max(1, lines - 1 - planRoom);
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
      {planRoom === 0 ? null : (
        <Text color={theme.muted} wrap="truncate-end">
          plan: {describePlanProgress(plan)}
        </Text>
      )}
      {planLines(shownTasks).map((line, position) => (
        <Text key={`task-${position}`} color={theme.muted} wrap="truncate-end">
          {'  '}
          {line}
        </Text>
      ))}
      {shown.length === 0 ? (
        <Text color={theme.muted}>no output yet</Text>
      ) : (
        shown.map((line, position) => <OutputLineView key={position} line={line} />)
      )}
    </Box>
  );
}

/** The tasks still to do, in plan order, then the completed ones: what fits is what matters now. */
function unfinishedFirst(tasks: NonNullable<AgentStatus['plan']>): NonNullable<AgentStatus['plan']> {
  return [
    ...tasks.filter((task) => task.status !== 'completed'),
    ...tasks.filter((task) => task.status === 'completed'),
  ];
}
