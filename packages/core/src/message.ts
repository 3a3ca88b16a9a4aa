import type { UserContentPart } from './content-part.js';

/** A tool call the model made, as it appears in the conversation history. */
export interface ToolCall {
  /** Provider-assigned id that links the call to its result. */
  id: string;
  name: string;
  /** The arguments as the JSON text the model produced. */
  input: string;
}

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  /** Text alone, or text and media parts in order (a question with its images and files). */
  content: string | UserContentPart[];
}

export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: ToolCall[];
  /**
   * Opaque data a backend needs back on the next call of the same turn, keyed by provider
   * (Claude's signed thinking blocks, OpenAI's encrypted reasoning items). Other backends ignore it.
   */
  providerMetadata?: Record<string, unknown>;
}

export interface ToolResultMessage {
  role: 'tool';
  toolCallId: string;
  toolName: string;
  content: string;
  isError?: boolean;
}

/** Provider-neutral conversation message; each backend converts these to its own format. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolResultMessage;
