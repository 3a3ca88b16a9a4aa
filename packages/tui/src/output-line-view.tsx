import { Text } from 'ink';
import type { OutputLine } from './output-lines.js';
import { useTheme } from './theme.js';

/** One line of agent output, styled by what it is: reasoning dimmed, tools marked. */
export function OutputLineView({ line }: { line: OutputLine }) {
  const theme = useTheme();
  // An empty Text has no height in ink; a blank line of output must still take its line.
  const text = line.text === '' ? ' ' : line.text;
  switch (line.kind) {
    case 'reasoning':
      return (
        <Text dimColor italic wrap="truncate-end">
          {text}
        </Text>
      );
    case 'tool-call':
      return (
        <Text color={theme.warning} wrap="truncate-end">
          {text}
        </Text>
      );
    case 'tool-result':
      return (
        <Text color={theme.muted} wrap="truncate-end">
          {text}
        </Text>
      );
    case 'tool-error':
      return (
        <Text color={theme.error} wrap="truncate-end">
          {text}
        </Text>
      );
    case 'answer':
      return (
        <Text color={theme.timeline('answer')} wrap="truncate-end">
          {text}
        </Text>
      );
    case 'turn':
      return (
        <Text dimColor wrap="truncate-end">
          {text}
        </Text>
      );
    default:
      return <Text wrap="truncate-end">{text}</Text>;
  }
}
