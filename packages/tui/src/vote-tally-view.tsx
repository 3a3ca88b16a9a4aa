import { Text } from 'ink';
import type { RecordedVote, TallyRow } from '@massgen/run-state';
import { useTheme } from './theme.js';

export interface VoteTallyViewProps {
  rows: readonly TallyRow[];
  answers: number;
  /** Votes the latest answer made out of date: shown as such, not counted. */
  outdated?: readonly RecordedVote[];
}

/**
 * One line: how many votes each answer holds right now, the winner first once there is one,
 * then the votes the latest answer made out of date.
 */
export function VoteTallyView({ rows, answers, outdated = [] }: VoteTallyViewProps) {
  const theme = useTheme();
  const stale =
    outdated.length === 0 ? null : (
      <Text color={theme.muted}>
        {' · out of date: '}
        {outdated.map((vote) => `${vote.agentId}→${vote.targetLabel}`).join(', ')}
      </Text>
    );
  if (rows.length === 0) {
    return (
      <Text color={theme.muted} wrap="truncate-end">
        Votes: none yet · {answers} answer{answers === 1 ? '' : 's'}
        {stale}
      </Text>
    );
  }
  return (
    <Text wrap="truncate-end">
      <Text bold>Votes: </Text>
      {rows.map((row, index) => (
        <Text key={row.agentId}>
          {index > 0 ? '  ' : ''}
          <Text color={row.winner ? theme.timeline('winner') : undefined} bold={row.winner}>
            {row.winner ? '★ ' : ''}
            {row.label} ({row.agentId}) {'■'.repeat(Math.min(row.votes, 10))} {row.votes}
          </Text>
        </Text>
      ))}
      {stale}
    </Text>
  );
}
