import { MassGenError } from '@massgen/core';
import type { JsonSchema, Tool, ToolContext, ToolDefinition, ToolResult } from '@massgen/core';
import { describeInputIssues } from './describe-input-issues.js';
import type { StandardResult, ToolInput, ToolInputSchema } from './tool-input-schema.js';

/** What every tool declares: a name the model calls it by, what it does, and one input schema. */
export interface ToolSpecification<Schema extends ToolInputSchema> {
  /** Letters, digits, `_` and `-`, at most 64 characters: what every provider accepts. */
  name: string;
  description: string;
  /** Gives both the JSON Schema offered to the model and the check every call's input passes. */
  inputSchema: Schema;
  /** The tool only looks (see `Tool.readOnly`): planning mode lets it run before the agent may act. */
  readOnly?: boolean;
}

/** A tool MassGen runs: its `execute` receives input that has passed the schema, typed by it. */
export interface ExecutableToolSpecification<Schema extends ToolInputSchema> extends ToolSpecification<Schema> {
  execute(input: ToolInput<Schema>, context: ToolContext): Promise<ToolResult | string> | ToolResult | string;
}

export type ToolInputCheck<Input> = { success: true; value: Input } | { success: false; problem: string };

/** A tool's definition with the check of its input, for tools whose calls someone else acts on (`vote`). */
export interface DefinedTool<Input> extends ToolDefinition {
  /** Checks a call's input; a failure says what was wrong in words the model can act on. */
  parseInput(input: unknown): ToolInputCheck<Input>;
}

export interface DefinedExecutableTool<Input> extends DefinedTool<Input>, Tool {}

const toolNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Defines a tool from one schema. The model is offered the schema's JSON Schema; every call's
 * input is checked against the same schema before `execute` sees it, and a call that fails the
 * check comes back to the model as an error result naming each problem. A definition that no
 * provider would accept (a bad name, an input that is not an object) throws here, at once.
 */
export function defineTool<Schema extends ToolInputSchema>(
  specification: ExecutableToolSpecification<Schema>,
): DefinedExecutableTool<ToolInput<Schema>>;
export function defineTool<Schema extends ToolInputSchema>(
  specification: ToolSpecification<Schema>,
): DefinedTool<ToolInput<Schema>>;
export function defineTool<Schema extends ToolInputSchema>(
  specification: ToolSpecification<Schema> | ExecutableToolSpecification<Schema>,
): DefinedTool<ToolInput<Schema>> | DefinedExecutableTool<ToolInput<Schema>> {
  const { name, description, inputSchema } = specification;
  if (!toolNamePattern.test(name)) {
    throw new TypeError(
      `Tool name ${JSON.stringify(name)} is not one every provider accepts: use letters, digits, "_" and "-", at most 64 characters.`,
    );
  }
  const definition: DefinedTool<ToolInput<Schema>> = {
    name,
    description,
    inputSchema: modelJsonSchema(name, inputSchema),
    parseInput(input) {
      const result = inputSchema['~standard'].validate(input);
      if (isPromiseLike(result)) {
        throw new MassGenError({
          code: 'INTERNAL',
          message: `Tool ${name} has an asynchronous input schema; its input can only be checked by executing it.`,
        });
      }
      return toCheck(name, result);
    },
  };
  if (!('execute' in specification)) return definition;
  return {
    ...definition,
    ...(specification.readOnly === true ? { readOnly: true } : {}),
    async execute(input: unknown, context: ToolContext): Promise<ToolResult> {
      const check = toCheck(name, await inputSchema['~standard'].validate(input));
      if (!check.success) return { content: check.problem, isError: true };
      const result = await specification.execute(check.value, context);
      return typeof result === 'string' ? { content: result } : result;
    },
  };
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function toCheck<Input>(name: string, result: StandardResult<Input>): ToolInputCheck<Input> {
  if (result.issues === undefined) return { success: true, value: result.value };
  return { success: false, problem: `Invalid arguments for ${name}: ${describeInputIssues(result.issues)}.` };
}

/** The JSON Schema of the input, without the `$schema` dialect marker some providers reject. */
function modelJsonSchema(name: string, inputSchema: ToolInputSchema): JsonSchema {
  const converter = (inputSchema as Partial<ToolInputSchema>)['~standard']?.jsonSchema;
  if (converter === undefined) {
    throw new TypeError(
      `Tool ${name}: its inputSchema cannot describe itself as JSON Schema; use a zod 4.2+ schema (or another Standard JSON Schema).`,
    );
  }
  const { $schema: _dialect, ...schema } = converter.input({ target: 'draft-2020-12' });
  if (schema['type'] !== 'object') {
    throw new TypeError(`Tool ${name}: its inputSchema must describe an object (such as z.object({...})).`);
  }
  return schema;
}
