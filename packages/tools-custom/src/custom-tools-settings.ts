import { z } from 'zod';
import type { ToolPackageSettings } from '@massgen/core';
import { nonEmptyText, positiveNumber } from '@massgen/config/internal';

/** Seconds a custom tool call may take before it is stopped and the model told so. */
export const defaultTimeoutSeconds = 120;

const oneOrMany = <Schema extends z.ZodType>(schema: Schema) => z.union([schema, z.array(schema)]);
const presetArguments = z.record(z.string(), z.unknown(), { error: 'expected a mapping of argument names to values' });

/**
 * One `custom_tools` entry, in upstream's shape (`path` to a Python file and `function`, with
 * `name`, `description` and `preset_args` each either one value or a list matching `function`)
 * or MassGen-TS's: `path` to a TypeScript or JavaScript module whose exported tools (made with
 * `defineTool`) are all offered, or `package`, an npm package exporting such tools. Other keys
 * are kept so that each gets a warning of its own (see `entryWarnings`), as upstream ignores them.
 */
export const customToolEntrySchema = z
  .looseObject(
    {
      path: nonEmptyText('a path to a .py, .ts, .mts, .js or .mjs file')
        .nullish()
        .describe('The file defining the tool (.py, .ts, .mts, .js, .mjs), relative to this file.'),
      package: nonEmptyText('an npm package name')
        .nullish()
        .describe(
          'An installed npm package of tools; `dice` also finds `@massgen/tools-dice` and `massgen-tools-dice`.',
        ),
      function: oneOrMany(nonEmptyText('a function name'))
        .nullish()
        .describe(
          'The functions or exports to offer (required for a .py file; a module offers all its tools without it).',
        ),
      name: oneOrMany(nonEmptyText('a tool name'))
        .nullish()
        .describe('The name the model sees (after `custom_tool__`), one per function.'),
      description: oneOrMany(z.string({ error: 'expected a description' }))
        .nullish()
        .describe("The description the model sees, one per function; by default the docstring's or the tool's own."),
      category: z
        .string({ error: 'expected a category name' })
        .nullish()
        .describe('A label for people; it changes nothing.'),
      preset_args: oneOrMany(presetArguments)
        .nullish()
        .describe('Arguments given to every call and hidden from the model: one mapping, or one per function.'),
    },
    { error: 'expected a custom tool: {path, function} or {package}' },
  )
  .superRefine((entry, context) => {
    if (entry.path != null && entry.package != null) {
      context.addIssue({ code: 'custom', path: ['package'], message: 'expected either path or package, not both' });
    }
    if (entry.path == null && entry.package == null && entry.function == null) {
      context.addIssue({
        code: 'custom',
        path: ['path'],
        message:
          'missing; expected the file that defines the tool (or `package`, or `function` naming a built-in tool)',
      });
    }
    const functions = entry.function == null ? 1 : [entry.function].flat().length;
    for (const key of ['name', 'description', 'preset_args'] as const) {
      const value = entry[key];
      if (Array.isArray(value) && value.length !== functions) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `has ${value.length} entries for ${functions} function${functions === 1 ? '' : 's'}; expected one value, or one per function`,
        });
      }
    }
  });

/** What an agent's `backend` block gives this package. */
export const customToolsAgentSettingsSchema = z.object({
  custom_tools: z
    .array(customToolEntrySchema, { error: 'expected a list of custom tools' })
    .nullish()
    .describe(
      'Tools from your own code: Python functions (`path` and `function`, as upstream writes them), TypeScript or JavaScript modules exporting `defineTool` tools (`path`), or npm packages of tools (`package`).',
    ),
  custom_tools_timeout_seconds: positiveNumber()
    .nullish()
    .describe(
      `Seconds one custom tool call may take; a call past it is stopped and the model told so. Default ${defaultTimeoutSeconds}.`,
    ),
});

export type CustomToolEntry = z.output<typeof customToolEntrySchema>;
export type CustomToolsAgentSettings = z.output<typeof customToolsAgentSettingsSchema>;
export type CustomToolsSettings = ToolPackageSettings<CustomToolsAgentSettings, unknown>;
