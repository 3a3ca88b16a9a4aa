import type { JsonSchema, Tool, ToolResult } from '@massgen/core';
import type { PathSandbox } from '../path-sandbox.js';
import { fileErrorMessage } from './file-error-message.js';
import { inputObject } from './tool-input.js';

export interface FileToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** Does the work and returns the text for the model; throws on failure. */
  run(input: Record<string, unknown>, sandbox: PathSandbox, signal: AbortSignal): Promise<string>;
  /** The path to name in a failure message, from the raw input. */
  subject(input: Record<string, unknown>): string;
}

/**
 * A file tool for one agent. Every failure, a refused path included, comes back as an error
 * result the model can read and act on; the sandbox is consulted anew on every call, because
 * what an agent may write changes as the run moves on.
 */
export function defineFileTool(definition: FileToolDefinition, sandbox: PathSandbox): Tool {
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema,
    async execute(input, context): Promise<ToolResult> {
      let fields: Record<string, unknown> = {};
      try {
        fields = inputObject(input, definition.name);
        return { content: await definition.run(fields, sandbox, context.signal) };
      } catch (error) {
        return { content: fileErrorMessage(error, definition.subject(fields)), isError: true };
      }
    },
  };
}

/** The raw value of a path argument, for messages. */
export function subjectOf(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  return typeof value === 'string' ? value : key;
}
