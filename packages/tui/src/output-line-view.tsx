import { Text } from 'ink';
import type { TextProps } from 'ink';
import type { OutputLine } from './output-lines.js';
import { useTheme } from './theme.js';
import type { Theme } from './theme.js';

/** How a line of each kind stands out: reasoning dimmed, tools marked. */
function lineStyle(kind: OutputLine['kind'], theme: Theme): TextProps {
  switch (kind) {
    case 'reasoning':
      return { dimColor: true, italic: true };
    case 'tool-call':
      return { color: theme.warning };
    case 'tool-result':
      return { color: theme.muted };
    case 'tool-error':
      return { color: theme.error };
    case 'answer':
      return { color: theme.timeline('answer') };
    case 'turn':
      return { dimColor: true };
    default:
      return {};
  }
}

/** One line of agent output, styled by what it is. */
export function OutputLineView({ line }: { line: OutputLine }) {
  const theme = useTheme();
  // An empty Text has no height in ink; a blank line of output must still take its line.
  const text = line.text === '' ? ' ' : line.text;
  return (
    <Text {...lineStyle(line.kind, theme)} wrap="truncate-end">
      {text}
    </Text>
  );
}
