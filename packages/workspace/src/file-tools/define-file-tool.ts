import type { Tool } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import type { ToolInput, ToolInputSchema } from '@massgen/tool-utils';
import type { PathSandbox } from '../path-sandbox.js';
import { fileErrorMessage } from './file-error-message.js';

export interface FileToolDefinition<Schema extends ToolInputSchema> {
  name: string;
  description: string;
  /** The tool's arguments: offered to the model as JSON Schema and checked before `run`. */
  inputSchema: Schema;
  /** Does the work and returns the text for the model; throws on failure. */
  run(input: ToolInput<Schema>, sandbox: PathSandbox, signal: AbortSignal): Promise<string>;
  /** The path to name in a failure message. */
  subject(input: ToolInput<Schema>): string;
  /** The tool only reads (see `Tool.readOnly`). */
  readOnly?: boolean;
}

/**
 * A file tool for one agent. Every failure, a refused path included, comes back as an error
 * result the model can read and act on; the sandbox is consulted anew on every call, because
 * what an agent may write changes as the run moves on.
 */
export function defineFileTool<Schema extends ToolInputSchema>(
  definition: FileToolDefinition<Schema>,
  sandbox: PathSandbox,
): Tool {
  return defineTool({
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema,
    ...(definition.readOnly === true ? { readOnly: true } : {}),
    async execute(input, context) {
      try {
        return { content: await definition.run(input, sandbox, context.signal) };
      } catch (error) {
        return { content: fileErrorMessage(error, definition.subject(input)), isError: true };
      }
    },
  });
}
