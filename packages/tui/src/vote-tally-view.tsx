import { Text } from 'ink';
import type { TallyRow } from '@massgen/run-state';
import { useTheme } from './theme.js';

export interface VoteTallyViewProps {
  rows: readonly TallyRow[];
  answers: number;
}

/** One line: how many votes each answer holds right now, the winner first once there is one. */
export function VoteTallyView({ rows, answers }: VoteTallyViewProps) {
  const theme = useTheme();
  if (rows.length === 0) {
    return (
      <Text color={theme.muted} wrap="truncate-end">
        Votes: none yet · {answers} answer{answers === 1 ? '' : 's'}
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
    </Text>
  );
}
