import { memo } from 'react';
import { Box, Text } from 'ink';
import { tailLines, wrapText } from '@massgen/run-state';
import { useTheme } from './theme.js';

export interface FinalAnswerViewProps {
  presenterId: string | undefined;
  text: string;
  /** Lines inside the border, title included. */
  lines: number;
  width: number;
  finished: boolean;
}

/**
 * The winner's final answer. While it streams, the panel follows its end; once it is done the
 * panel shows its beginning, and the whole answer is printed below the display when it closes.
 */
function FinalAnswerBody({ presenterId, text, lines, width, finished }: FinalAnswerViewProps) {
  const theme = useTheme();
  const textWidth = Math.max(1, width - 4);
  const room = Math.max(1, lines - 1);
  let shown: string[];
  let title: string;
  if (finished) {
    const all = wrapText(text.trimEnd(), textWidth);
    shown = all.slice(0, room);
    const more = all.length - shown.length;
    title = `Final answer by ${presenterId ?? 'the winner'}${more > 0 ? ` (${more} more lines below)` : ''}`;
  } else {
    shown = tailLines(text, textWidth, room);
    title = `${presenterId ?? 'The winner'} is presenting the final answer…`;
  }
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.timeline('winner')} paddingX={1} width={width}>
      <Text bold color={theme.timeline('winner')} wrap="truncate-end">
        {title}
      </Text>
      {shown.map((line, index) => (
        <Text key={index} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}

/** Memoised: React skips it until the answer text changes. */
export const FinalAnswerView = memo(FinalAnswerBody);
