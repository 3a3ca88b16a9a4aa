import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from '@massgen/core';

/** One turn of a provider's conversation: its role and its parts, in the provider's form. */
export interface ConversationTurn<Role, Part> {
  role: Role;
  parts: Part[];
}

/** How a provider writes each kind of message, and what it calls the assistant. */
export interface TurnParts<Role, Part> {
  assistantRole: Role;
  user: (content: UserMessage['content']) => Part[];
  assistant: (message: AssistantMessage) => Part[];
  /** A tool result goes back in a user turn. */
  tool: (message: ToolResultMessage) => Part[];
}

/**
 * A conversation as the APIs that take the system prompt apart want it: the system messages'
 * texts (empty ones left out), and the other messages as turns, consecutive turns of one role
 * merged, so that all results of one step answer its calls together. A message that comes out
 * without parts is left out.
 */
export function conversationTurns<Role, Part>(
  messages: readonly Message[],
  write: TurnParts<Role, Part>,
): { system: string[]; turns: Array<ConversationTurn<Role | 'user', Part>> } {
  const system: string[] = [];
  const turns: Array<ConversationTurn<Role | 'user', Part>> = [];

  function append(role: Role | 'user', parts: Part[]): void {
    if (parts.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else turns.push({ role, parts });
  }

  for (const message of messages) {
    switch (message.role) {
      case 'system':
        if (message.content !== '') system.push(message.content);
        break;
      case 'user':
        append('user', write.user(message.content));
        break;
      case 'assistant':
        append(write.assistantRole, write.assistant(message));
        break;
      case 'tool':
        append('user', write.tool(message));
        break;
    }
  }
  return { system, turns };
}
