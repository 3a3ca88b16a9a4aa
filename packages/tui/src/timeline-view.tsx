import { memo } from 'react';
import { Box, Text } from 'ink';
import { formatDuration } from '@massgen/run-state';
import type { TimelineEntry } from '@massgen/run-state';
import { useTheme } from './theme.js';

export interface TimelineViewProps {
  entries: readonly TimelineEntry[];
  /** Entries shown: the most recent ones. */
  lines: number;
}

/** The coordination's milestones as they happen: answers, votes, restarts, errors, the winner. */
function TimelineBody({ entries, lines }: TimelineViewProps) {
  const theme = useTheme();
  const shown = entries.slice(-lines);
  return (
    <Box flexDirection="column">
      <Text bold color={theme.accent}>
        Timeline
      </Text>
      {shown.length === 0 ? (
        <Text color={theme.muted}>no answers or votes yet</Text>
      ) : (
        shown.map((entry) => (
          <Text key={entry.seq} wrap="truncate-end">
            <Text color={theme.muted}>{formatDuration(entry.at).padStart(7)} </Text>
            <Text color={theme.timeline(entry.kind)}>{entry.text}</Text>
          </Text>
        ))
      )}
    </Box>
  );
}

/** Memoised: React skips it when no new milestone came. */
export const TimelineView = memo(TimelineBody);
