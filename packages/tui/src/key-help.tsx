import { Text } from 'ink';
import { useTheme } from './theme.js';

export interface KeyHelpProps {
  agentCount: number;
  focused: boolean;
  finished: boolean;
  /** Keys work only when input comes from a terminal. */
  keysEnabled: boolean;
  /** `m` sends the agents a message. */
  messages?: boolean;
}

/** The footer: the keys that work right now, on one line. */
export function KeyHelp({ agentCount, focused, finished, keysEnabled, messages = false }: KeyHelpProps) {
  const theme = useTheme();
  let help: string;
  if (finished) help = 'run finished';
  else if (!keysEnabled) help = 'keys unavailable: input is not a terminal · ctrl-c cancel';
  else {
    const range = agentCount <= 1 ? '1' : `1-${Math.min(9, agentCount)}`;
    const message = messages ? (focused ? 'm message this agent · ' : 'm message all · ') : '';
    help = focused
      ? `↑↓ scroll · ←→ other agent · esc back · ${message}a answer now · q quit · ctrl-c cancel`
      : `${message}a answer now · ${range} focus agent · q quit · ctrl-c cancel`;
  }
  return (
    <Text color={theme.muted} wrap="truncate-end">
      {help}
    </Text>
  );
}
