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
  content: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: ToolCall[];
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
