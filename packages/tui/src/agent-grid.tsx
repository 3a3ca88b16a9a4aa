import { Box, Text } from 'ink';
import type { AgentStatus, DisplayState } from '@massgen/run-state';
import { AgentCard } from './agent-card.js';
import { AgentRow, rowColumns } from './agent-row.js';
import { describeWaitingOn, emptyOutput, latestAnswerLabel, silences, waitingOn } from '@massgen/run-state';
import type { AgentsLayout } from './screen-layout.js';
import { useTheme } from './theme.js';

export interface AgentGridProps {
  state: DisplayState;
  layout: AgentsLayout;
  width: number;
  /** The current time, for how long a silent agent has said nothing. */
  now: number;
}

/** Every agent, as cards side by side (stacking when narrow) or as one line each when there are many. */
export function AgentGrid({ state, layout, width, now }: AgentGridProps) {
  const theme = useTheme();
  const silent = silences(state, now);
  const agents = state.agentIds
    .map((id) => state.status.agents[id])
    .filter((agent): agent is AgentStatus => agent !== undefined);
  const shownOf = (agent: AgentStatus) => ({
    output: state.outputs[agent.id] ?? emptyOutput,
    answerLabel: latestAnswerLabel(state.status, agent.id),
    silentForMs: silent[agent.id],
  });
  if (layout.mode === 'cards') {
    const rows: AgentStatus[][] = [];
    for (let start = 0; start < agents.length; start += layout.columns)
      rows.push(agents.slice(start, start + layout.columns));
    return (
      <Box flexDirection="column">
        {rows.map((row, rowIndex) => (
          <Box key={rowIndex}>
            {row.map((agent, column) => {
              const index = rowIndex * layout.columns + column;
              return (
                <AgentCard
                  key={agent.id}
                  agent={agent}
                  index={index}
                  {...shownOf(agent)}
                  waitingFor={describeWaitingOn(waitingOn(state.status, agent.id), silent)}
                  width={layout.cardWidth}
                  outputLines={layout.outputLines}
                />
              );
            })}
          </Box>
        ))}
      </Box>
    );
  }
  const columns = rowColumns(width, agents);
  const hidden = agents.length - layout.visibleRows;
  const shown = hidden > 0 ? agents.slice(0, Math.max(0, layout.visibleRows - 1)) : agents;
  return (
    <Box flexDirection="column">
      {shown.map((agent, index) => (
        <AgentRow key={agent.id} agent={agent} index={index} {...shownOf(agent)} columns={columns} width={width} />
      ))}
      {hidden > 0 ? (
        <Text color={theme.muted} wrap="truncate-end">
          … {agents.length - shown.length} more agents (enlarge the terminal, or press a number to focus one)
        </Text>
      ) : null}
    </Box>
  );
}
