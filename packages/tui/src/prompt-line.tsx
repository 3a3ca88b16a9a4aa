import { Box, Text } from 'ink';
import { formatDuration, truncateStart, wrapText } from '@massgen/run-state';
import type { ShownQuestion } from './question-board.js';
import { useTheme } from './theme.js';

/** What the person is typing: a message to the agents, or the reply to an agent's question. */
export type Draft =
  { kind: 'message'; to?: string; text: string } | { kind: 'reply'; question: ShownQuestion; text: string };

/** Most lines a question takes on screen; the rest is cut. */
const questionLineLimit = 3;

/** The lines `PromptLines` takes, so the layout leaves room for them. */
export function promptLineCount(draft: Draft | undefined, waiting: boolean, width: number): number {
  if (draft === undefined) return 1;
  const questionLines =
    draft.kind === 'reply' ? Math.min(questionLineLimit, wrapText(askedLine(draft.question), width).length) : 0;
  return 1 + questionLines + (waiting && draft.kind === 'message' ? 1 : 0);
}

export interface PromptLinesProps {
  draft: Draft;
  /** An agent's question waits for the message being typed to be sent or cancelled. */
  waiting: ShownQuestion | undefined;
  width: number;
}

/** The footer while the person types: what they are writing, to whom, and the keys. */
export function PromptLines({ draft, waiting, width }: PromptLinesProps) {
  const theme = useTheme();
  const head = draft.kind === 'message' ? `to ${draft.to ?? 'all agents'} › ` : 'reply › ';
  const keys = draft.kind === 'message' ? '  enter send · esc cancel' : '  enter send · esc skip';
  const room = Math.max(1, width - head.length - keys.length - 1);
  return (
    <Box flexDirection="column">
      {draft.kind === 'reply'
        ? wrapText(askedLine(draft.question), width)
            .slice(0, questionLineLimit)
            .map((line, index) => (
              <Text key={index} color={theme.warning}>
                {line}
              </Text>
            ))
        : null}
      {waiting !== undefined && draft.kind === 'message' ? (
        <Text color={theme.warning} wrap="truncate-end">
          {waiting.agentId} has a question for you; it shows once this message is sent or cancelled
        </Text>
      ) : null}
      <Text wrap="truncate-end">
        <Text color={theme.accent}>{head}</Text>
        <Text>{truncateStart(draft.text, room)}▏</Text>
        <Text color={theme.muted}>{keys}</Text>
      </Text>
    </Box>
  );
}

function askedLine(question: ShownQuestion): string {
  return `${question.agentId} asks (no reply after ${formatDuration(question.timeoutMs)}): ${question.question.replace(/\s+/g, ' ')}`;
}
