import { z } from 'zod';
import type { JsonSchema, Tool, ToolContext, ToolResult } from '@massgen/core';
import { toMassGenError } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import type { FunctionPlan } from './custom-tool-plan.js';
import type { PythonBridge, PythonFunction } from './python-bridge.js';

/** The most characters of one tool result the model is given; the rest is cut, saying how much. */
export const maximumOutputCharacters = 40_000;

/** Upstream MassGen offers every custom tool under this prefix, and so does MassGen-TS. */
export const customToolPrefix = 'custom_tool__';

export interface CallLimits {
  timeoutSeconds: number;
}

export function offeredName(name: string): string {
  return name.startsWith(customToolPrefix) ? name : `${customToolPrefix}${name}`;
}

export function capOutput(text: string): string {
  if (text.length <= maximumOutputCharacters) return text;
  return `${text.slice(0, maximumOutputCharacters)}\n[... ${text.length - maximumOutputCharacters} more characters left out]`;
}

/** The call's signal, also aborted when the timeout passes; `timedOut` tells the two apart. */
function deadline(context: ToolContext, limits: CallLimits): { signal: AbortSignal; timedOut: () => boolean } {
  const timeout = AbortSignal.timeout(limits.timeoutSeconds * 1000);
  return { signal: AbortSignal.any([context.signal, timeout]), timedOut: () => timeout.aborted };
}

function stopped(name: string, limits: CallLimits, timedOut: boolean): ToolResult {
  return {
    content: timedOut
      ? `${name} did not finish within ${limits.timeoutSeconds} seconds (custom_tools_timeout_seconds) and was stopped.`
      : `${name} was stopped: the turn was cancelled.`,
    isError: true,
  };
}

/**
 * A Python function as a tool. The JSON Schema the bridge derived is the one schema: the model
 * is offered it and every call's input is checked against it. `preset_args` and the values
 * MassGen fills in (`agent_cwd`, `agent_id`) are not in it and are added to each call.
 */
export function pythonTool(
  bridge: PythonBridge,
  file: string,
  described: PythonFunction,
  plan: FunctionPlan,
  limits: CallLimits,
): Tool {
  const name = offeredName(plan.name);
  return defineTool({
    name,
    description: plan.description ?? described.description,
    inputSchema: z.fromJSONSchema(described.parameters as z.core.JSONSchema.JSONSchema) as z.ZodObject,
    async execute(input, context) {
      const takes = (parameter: string): boolean => described.acceptsAny || described.accepts.includes(parameter);
      const filled: Record<string, unknown> = {};
      if (context.workingDirectory !== undefined && takes('agent_cwd')) filled['agent_cwd'] = context.workingDirectory;
      if (described.context.includes('agent_id')) filled['agent_id'] = context.agentId;
      const { signal, timedOut } = deadline(context, limits);
      const outcome = await bridge.call(
        {
          file,
          function: described.function,
          args: { ...plan.presetArgs, ...filled, ...input },
          ...(context.workingDirectory === undefined ? {} : { cwd: context.workingDirectory }),
          maxCharacters: maximumOutputCharacters,
        },
        signal,
      );
      // The bridge has cut the text already (so a huge result never crosses the pipe), saying how much.
      if (outcome.ok) return { content: outcome.text };
      if (outcome.cancelled === true) return stopped(name, limits, timedOut());
      const trace = outcome.error?.traceback?.trim();
      return {
        content: capOutput(
          `${name} failed: ${outcome.error?.message ?? 'no reason given'}${trace ? `\n${trace}` : ''}`,
        ),
        isError: true,
      };
    },
  });
}

/**
 * A TypeScript or JavaScript tool (made with `defineTool`) under its offered name, with its
 * `preset_args` hidden from the model and added to each call, where its own schema checks them
 * with the rest. It runs in MassGen's process: a call past the timeout is abandoned (its
 * signal aborted), not killed.
 */
export function moduleTool(tool: Tool, plan: FunctionPlan | undefined, limits: CallLimits): Tool {
  const name = offeredName(plan?.name || tool.name);
  const preset = plan?.presetArgs ?? {};
  return {
    name,
    description: plan?.description ?? tool.description,
    inputSchema: withoutParameters(tool.inputSchema, Object.keys(preset)),
    async execute(input, context) {
      const { signal, timedOut } = deadline(context, limits);
      if (signal.aborted) return stopped(name, limits, timedOut());
      const aborted = new Promise<'aborted'>((resolve) =>
        signal.addEventListener('abort', () => resolve('aborted'), { once: true }),
      );
      try {
        const result = await Promise.race([
          tool.execute({ ...(input as Record<string, unknown>), ...preset }, { ...context, signal }),
          aborted,
        ]);
        if (result === 'aborted') return stopped(name, limits, timedOut());
        return { ...result, content: capOutput(result.content) };
      } catch (error) {
        return { content: capOutput(`${name} failed: ${toMassGenError(error).message}`), isError: true };
      }
    },
  };
}

function withoutParameters(schema: JsonSchema, hidden: readonly string[]): JsonSchema {
  if (hidden.length === 0) return schema;
  const properties = { ...((schema['properties'] as Record<string, unknown> | undefined) ?? {}) };
  for (const key of hidden) delete properties[key];
  const required = Array.isArray(schema['required'])
    ? (schema['required'] as string[]).filter((key) => !hidden.includes(key))
    : undefined;
  return { ...schema, properties, ...(required === undefined ? {} : { required }) };
}
