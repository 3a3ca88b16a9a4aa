import { Box, Text } from 'ink';
import type { DisplayState } from '@massgen/run-state';
import { formatDuration, oneLine } from '@massgen/run-state';
import { useTheme } from './theme.js';

/** What the run is doing, in a few words. */
export function describePhase(state: DisplayState): string {
  const { status } = state;
  if (status.state === 'finished') return `finished: ${status.stopReason ?? 'unknown'}`;
  if (state.cancelRequested) return 'cancelling: stopping the agents…';
  if (state.presenterId !== undefined) return `${state.presenterId} presents the final answer`;
  if (state.answerRequested && status.answers.length === 0)
    return 'answer requested: no answer yet, the first one to arrive will be presented';
  if (state.answerRequested) return 'answer requested: stopping, the leader will present';
  if (state.agentIds.length === 0) return 'starting…';
  return 'coordinating';
}

export interface RunHeaderProps {
  state: DisplayState;
  /** The current time, for the elapsed clock. */
  now: number;
}

/** Two lines: the run at a glance, then the task. */
export function RunHeader({ state, now }: RunHeaderProps) {
  const theme = useTheme();
  const { status } = state;
  const elapsed = state.startedAt === 0 ? 0 : (state.endedAt ?? now) - state.startedAt;
  const agents = state.agentIds.length;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>
          MassGen
        </Text>
        <Text bold> {describePhase(state)}</Text>
        <Text color={theme.muted}>
          {' · '}round {status.round} · {formatDuration(elapsed)} · {agents} agent{agents === 1 ? '' : 's'} (
          {status.strategy === '' ? 'vote' : status.strategy})
        </Text>
      </Text>
      <Text wrap="truncate-end">
        <Text color={theme.muted}>Task: </Text>
        {oneLine(status.task)}
      </Text>
    </Box>
  );
}
