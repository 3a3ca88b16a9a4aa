import { textFileBlock } from '@massgen/backend-utils';
import type { Message, UserContentPart, WorkspaceRoot } from '@massgen/core';
import type { ClaudeCodeOptions } from './claude-code-options.js';

/** The name Claude Code gives MassGen's tools: `mcp__<server>__<tool>`. */
export const toolServerName = 'massgen';

export function bridgedToolName(name: string): string {
  return `mcp__${toolServerName}__${name}`;
}

/** Claude Code's `systemPrompt` option: its own prompt with ours appended, or ours alone. */
export type ClaudeCodeSystemPrompt = string | { type: 'preset'; preset: 'claude_code'; append: string };

export interface ClaudeCodePrompt {
  systemPrompt: ClaudeCodeSystemPrompt;
  /** The one user message Claude Code's session starts with. */
  prompt: string;
}

export interface ClaudeCodePromptInput {
  messages: readonly Message[];
  options: Pick<ClaudeCodeOptions, 'systemPrompt' | 'appendSystemPrompt' | 'useDefaultPrompt'>;
  /** Claude Code's working directory. */
  directory: string;
  /** The directories with a rule at this moment (the workspace's roots). */
  roots: readonly WorkspaceRoot[];
  /** MassGen tools offered through the bridge, by their MassGen names. */
  toolNames: readonly string[];
}

function workspaceSection(directory: string, roots: readonly WorkspaceRoot[]): string {
  const others = roots.filter((root) => root.access !== 'none' && root.path !== directory);
  const lines = [`You work in ${directory}: create and change files there.`];
  if (others.length > 0) {
    lines.push('You may also use these directories:');
    for (const root of others) {
      const label = root.name !== undefined && root.name !== root.path ? `${root.path} (${root.name})` : root.path;
      lines.push(`- ${label}: ${root.access === 'write' ? 'read and write' : 'read only'}`);
    }
  }
  lines.push('File tools refuse any other path.');
  return lines.join('\n');
}

function toolSection(toolNames: readonly string[]): string {
  const pairs = toolNames.map((name) => `${name} is ${bridgedToolName(name)}`).join('; ');
  return `The tools these instructions name come from the MCP server "${toolServerName}": ${pairs}.`;
}

/** The backend has refused every media part but text files before this. */
function userText(content: string | readonly UserContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : textFileBlock(part))).join('\n\n');
}

/**
 * Renders everything before the latest user message as a transcript, because Claude Code starts
 * each turn as a fresh session with a single prompt; tool calls and results keep their order.
 */
function renderTranscript(messages: readonly Message[]): string {
  return messages
    .map((message) => {
      switch (message.role) {
        case 'user':
          return `<user>\n${userText(message.content)}\n</user>`;
        case 'assistant': {
          const calls = (message.toolCalls ?? []).map((call) => `[called ${call.name} with ${call.input}]`);
          return `<assistant>\n${[message.content, ...calls].filter((piece) => piece !== '').join('\n')}\n</assistant>`;
        }
        case 'tool':
          return `<tool_result name="${message.toolName}"${message.isError === true ? ' error="true"' : ''}>\n${message.content}\n</tool_result>`;
        case 'system':
          return '';
      }
    })
    .filter((piece) => piece !== '')
    .join('\n\n');
}

function renderPrompt(messages: readonly Message[]): string {
  const conversation = messages.filter((message) => message.role !== 'system');
  const last = conversation.at(-1);
  if (conversation.length === 1 && last?.role === 'user') return userText(last.content);
  if (last?.role === 'user') {
    return `The conversation so far:\n\n${renderTranscript(conversation.slice(0, -1))}\n\nNow:\n\n${userText(last.content)}`;
  }
  return `The conversation so far:\n\n${renderTranscript(conversation)}\n\nContinue from here.`;
}

/**
 * Turns a MassGen request into Claude Code's system prompt and first message: MassGen's system
 * messages, where the agent may work and how MassGen's tools are named, after Claude Code's own
 * prompt unless `system_prompt` or `use_default_prompt: false` replaces it.
 */
export function convertToClaudeCodePrompt(input: ClaudeCodePromptInput): ClaudeCodePrompt {
  const system = input.messages.flatMap((message) =>
    message.role === 'system' && message.content.trim() !== '' ? [message.content] : [],
  );
  const sections = [
    ...system,
    workspaceSection(input.directory, input.roots),
    ...(input.toolNames.length === 0 ? [] : [toolSection(input.toolNames)]),
    ...(input.options.appendSystemPrompt === undefined ? [] : [input.options.appendSystemPrompt]),
  ].join('\n\n');
  const systemPrompt: ClaudeCodeSystemPrompt = input.options.useDefaultPrompt
    ? { type: 'preset', preset: 'claude_code', append: sections }
    : [input.options.systemPrompt, sections].filter((piece) => piece !== undefined).join('\n\n');
  return { systemPrompt, prompt: renderPrompt(input.messages) };
}
