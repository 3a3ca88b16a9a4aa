import { Box, Text } from 'ink';
import { countedStates, describeGrouping, stateSymbols, truncateEnd } from '@massgen/run-state';
import type { RunStatus, TeamGroup, TeamSummary } from '@massgen/run-state';
import { useTheme } from './theme.js';

export interface TeamSummaryViewProps {
  summary: TeamSummary;
  status: RunStatus;
  /** Agent ids in team order. */
  agentIds: readonly string[];
  width: number;
  /** Lines it may take (see `teamSummaryLines`). */
  lines: number;
}

/** One group in a few characters: `I3 ✓✓●✗ agent10.1 2` (its number, its members' states, its leader). */
function groupCell(
  group: TeamGroup,
  prefix: string,
  status: RunStatus,
): { label: string; symbols: string[]; leader: string; text: string } {
  const symbols = group.agentIds.map((id) => stateSymbols[status.agents[id]?.state ?? 'waiting']);
  const leader = ` ${group.leader === undefined ? '—' : `${group.leader.label} ${group.leader.votes}`}${group.decided ? ' ✓' : ''}`;
  const label = `${prefix}${group.number}`;
  return { label, symbols, leader, text: `${label} ${symbols.join('')}${leader}` };
}

function groupPrefix(grouping: NonNullable<TeamSummary['grouping']>): string {
  if (grouping.topology === 'tournament') return 'M';
  return grouping.stage > 1 ? 'F' : 'I';
}

/** Cells per line and the width of each, for groups on a screen `width` wide. */
function cellGrid(cells: ReadonlyArray<{ text: string }>, width: number): { columns: number; cellWidth: number } {
  const cellWidth = Math.max(...cells.map((cell) => Array.from(cell.text).length), 1) + 3;
  return { columns: Math.max(1, Math.floor(width / cellWidth)), cellWidth };
}

/**
 * Lines the summary of a large team would like: its counts, then each agent's state in one strip
 * or, under a topology that groups agents, a title and the groups packed side by side.
 */
export function teamSummaryLines(summary: TeamSummary, status: RunStatus, width: number): number {
  const grouping = summary.grouping;
  if (grouping === undefined) return 2;
  const cells = grouping.groups.map((group) => groupCell(group, groupPrefix(grouping), status));
  return 2 + Math.ceil(cells.length / cellGrid(cells, width).columns);
}

/**
 * A large team at a glance, above the agents' rows: how many agents are in each state and how
 * many answers there are, then every agent's state as one symbol, or each group's (island,
 * match) members, leader and whether it has decided.
 */
export function TeamSummaryView({ summary, status, agentIds, width, lines }: TeamSummaryViewProps) {
  const theme = useTheme();
  const counts = countedStates.filter(({ state }) => summary.counts[state] > 0);
  const grouping = summary.grouping;
  const countLine = (
    <Text wrap="truncate-end">
      <Text bold>Team: </Text>
      {counts.map(({ state, word }, index) => (
        <Text key={state}>
          {index > 0 ? '  ' : ''}
          <Text color={theme.state(state)}>
            {stateSymbols[state]} {summary.counts[state]} {word}
          </Text>
        </Text>
      ))}
      <Text color={theme.muted}>
        {' · '}
        {summary.answers} answer{summary.answers === 1 ? '' : 's'}
      </Text>
    </Text>
  );
  if (lines <= 0) return null;
  if (lines === 1) return countLine;
  if (grouping === undefined) {
    return (
      <Box flexDirection="column">
        {countLine}
        <Text wrap="truncate-end">
          {agentIds.map((id) => {
            const state = status.agents[id]?.state ?? 'waiting';
            return (
              <Text key={id} color={theme.state(state)}>
                {stateSymbols[state]}
              </Text>
            );
          })}
        </Text>
      </Box>
    );
  }
  const cells = grouping.groups.map((group) => groupCell(group, groupPrefix(grouping), status));
  const { columns, cellWidth } = cellGrid(cells, width);
  const rows: Array<typeof cells> = [];
  for (let start = 0; start < cells.length; start += columns) rows.push(cells.slice(start, start + columns));
  // When the groups do not fit, the last line says how many are left out.
  const room = lines - 2;
  const hidden = rows.length > room;
  const shownRows = hidden ? rows.slice(0, Math.max(0, room - 1)) : rows;
  const hiddenGroups = cells.length - shownRows.length * columns;
  return (
    <Box flexDirection="column">
      {countLine}
      <Text color={theme.muted} wrap="truncate-end">
        {truncateEnd(`${describeGrouping(grouping)}: members' states, leading answer and its votes`, width)}
      </Text>
      {shownRows.map((row, rowIndex) => (
        <Text key={rowIndex} wrap="truncate-end">
          {row.map((cell, column) => {
            const group = grouping.groups[rowIndex * columns + column] as TeamGroup;
            const padding = ' '.repeat(Math.max(0, cellWidth - Array.from(cell.text).length));
            return (
              <Text key={cell.label}>
                <Text bold>{cell.label} </Text>
                {group.agentIds.map((id, index) => (
                  <Text key={id} color={theme.state(status.agents[id]?.state ?? 'waiting')}>
                    {cell.symbols[index]}
                  </Text>
                ))}
                <Text color={group.decided ? theme.timeline('winner') : undefined}>{cell.leader}</Text>
                {padding}
              </Text>
            );
          })}
        </Text>
      ))}
      {hidden && room > 0 ? (
        <Text color={theme.muted} wrap="truncate-end">
          … {hiddenGroups} more {grouping.topology === 'tournament' ? 'matches' : 'groups'}
        </Text>
      ) : null}
    </Box>
  );
}
