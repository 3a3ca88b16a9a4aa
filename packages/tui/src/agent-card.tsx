import { memo } from 'react';
import { Box, Text } from 'ink';
import type { AgentStatus, AgentOutput } from '@massgen/run-state';
import {
  currentTurn,
  describeModel,
  describePlanProgress,
  describeSilence,
  describeSpend,
  describeState,
  idleText,
  spreadLine,
  stateSymbols,
} from '@massgen/run-state';
import { lastOutputLines } from './output-lines.js';
import { OutputLineView } from './output-line-view.js';
import { useTheme } from './theme.js';

export interface AgentCardProps {
  agent: AgentStatus;
  /** 0-based position: its colour, and the key (position + 1) that focuses it. */
  index: number;
  output: AgentOutput;
  answerLabel: string | undefined;
  /** How long the agent has sent nothing, once the run has named it silent. */
  silentForMs?: number | undefined;
  /** Whom the agent waits on (`waiting for gamma (silent 40s)`), while it does. */
  waitingFor?: string | undefined;
  width: number;
  outputLines: number;
}

/** One agent as a bordered card: who it is, what it is doing, what it spent, and its latest output. */
function AgentCardBody({
  agent,
  index,
  output,
  answerLabel,
  silentForMs,
  waitingFor,
  width,
  outputLines,
}: AgentCardProps) {
  const theme = useTheme();
  const inner = Math.max(1, width - 4);
  const key = index < 9 ? `${index + 1} ` : '';
  const silence = silentForMs === undefined ? '' : ` · ${describeSilence(silentForMs)}`;
  // A held-off turn's state line says whom it waits for; an agent that has voted keeps its vote
  // there and says it on the first line below.
  const heldOff = agent.state === 'waiting' && waitingFor !== undefined && waitingFor !== '';
  const waitLine = !heldOff && waitingFor !== undefined && waitingFor !== '' ? waitingFor : undefined;
  const state = `${stateSymbols[agent.state]} ${heldOff ? waitingFor : describeState(agent, answerLabel)}${silence}`;
  const full = spreadLine(state, describeSpend(agent), inner);
  const status = full.right === '' ? spreadLine(state, describeSpend(agent, true), inner) : full;
  const planLine =
    agent.plan === undefined || agent.plan.length === 0 ? undefined : `plan: ${describePlanProgress(agent.plan)}`;
  const extraLines = (waitLine === undefined ? 0 : 1) + (planLine === undefined ? 0 : 1);
  const lines = lastOutputLines(currentTurn(output), inner, Math.max(0, outputLines - extraLines));
  return (
    <Box
      width={width}
      height={outputLines + 4}
      overflow="hidden"
      flexDirection="column"
      borderStyle="round"
      borderColor={theme.agent(index)}
      paddingX={1}
    >
      <Text wrap="truncate-end">
        <Text color={theme.agent(index)} bold>
          {key}
          {agent.id}
        </Text>
        <Text color={theme.muted}> {describeModel(agent)}</Text>
      </Text>
      <Text wrap="truncate-end">
        <Text color={silentForMs === undefined ? theme.state(agent.state) : theme.warning}>{status.left}</Text>
        <Text color={theme.muted}>
          {status.gap}
          {status.right}
        </Text>
      </Text>
      {waitLine === undefined ? null : (
        <Text color={theme.muted} wrap="truncate-end">
          {waitLine}
        </Text>
      )}
      {planLine === undefined ? null : (
        <Text color={theme.muted} wrap="truncate-end">
          {planLine}
        </Text>
      )}
      {lines.length === 0 ? (
        <Text color={agent.error === undefined ? theme.muted : theme.error} wrap="wrap">
          {idleText(agent) || ' '}
        </Text>
      ) : (
        lines.map((line, position) => <OutputLineView key={position} line={line} />)
      )}
    </Box>
  );
}

/** Memoised: React re-renders only the cards whose data changed. */
export const AgentCard = memo(AgentCardBody);
