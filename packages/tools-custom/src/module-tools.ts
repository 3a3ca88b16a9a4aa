import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Jiti } from 'jiti';
import { z } from 'zod';
import type { JsonSchema, Tool } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import type { FunctionPlan } from './custom-tool-plan.js';

/**
 * TypeScript and JavaScript tool modules are loaded with jiti (as batch scorers are): it
 * transpiles `.ts`/`.mts` in process without a build step, in plain JavaScript (no native
 * compiler binary such as tsx's esbuild, which would add megabytes to every install), and
 * imports `.js`/`.mjs` as Node does. A call of such a tool is then a function call in MassGen's
 * process. jiti is imported only when a run has a module tool.
 *
 * A tool file imports `@massgen/tool-utils` and `zod` without installing them: the first always
 * resolves to MassGen's own copy (its tools must match MassGen's tool contract), `zod` to
 * MassGen's when the file's project has none of its own.
 */
const loaders = new Map<string, Promise<Jiti>>();
const ownPackage = createRequire(import.meta.url);

function jiti(file?: string): Promise<Jiti> {
  const alias: Record<string, string> = {
    '@massgen/tool-utils': fileURLToPath(import.meta.resolve('@massgen/tool-utils')),
  };
  if (file !== undefined && !resolvesFrom(file, 'zod'))
    alias['zod'] = path.dirname(ownPackage.resolve('zod/package.json'));
  const key = Object.keys(alias).join(',');
  let loader = loaders.get(key);
  if (loader === undefined) {
    loader = import('jiti').then(({ createJiti }) =>
      createJiti(import.meta.url, { fsCache: false, moduleCache: false, interopDefault: true, alias }),
    );
    loaders.set(key, loader);
  }
  return loader;
}

function resolvesFrom(file: string, name: string): boolean {
  try {
    createRequire(file).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** A tool module that cannot be used: the file (and line, when known) and why. */
export class ToolModuleError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

type Exports = Record<string, unknown>;

/** Imports a tool module (`.ts`, `.mts`, `.js`, `.mjs`) from its path. */
export async function importToolModule(file: string): Promise<Exports> {
  try {
    return await (await jiti(file)).import<Exports>(pathToFileURL(file).href);
  } catch (error) {
    throw new ToolModuleError(describeLoadError(error), file, lineIn(error, file));
  }
}

/**
 * Imports a package of tools by name, resolved from the configuration's directory as a user
 * installs it there. A bare name (`dice`) is also looked up as `@massgen/tools-dice` and
 * `massgen-tools-dice`, as backends are found by their type.
 */
export async function importToolPackage(
  packageName: string,
  baseDir: string,
): Promise<{ exports: Exports; file: string }> {
  const candidates = packageCandidates(packageName);
  const resolver = await jiti();
  const parentURL = pathToFileURL(path.join(baseDir, 'package.json'));
  for (const candidate of candidates) {
    const resolved = resolver.esmResolve(candidate, { parentURL, try: true });
    if (resolved === undefined) continue;
    const file = resolved.startsWith('file:') ? fileURLToPath(resolved) : resolved;
    return { exports: await importToolModule(file), file };
  }
  const names = candidates.length === 1 ? packageName : `${packageName} (nor ${candidates.slice(1).join(' nor ')})`;
  throw new ToolModuleError(
    `no package of tools named ${names} is installed in ${baseDir}; install it there with npm install`,
    '',
  );
}

function packageCandidates(name: string): string[] {
  if (name.startsWith('@') || name.startsWith('.') || name.startsWith('massgen-tools-')) return [name];
  return [name, `@massgen/tools-${name}`, `massgen-tools-${name}`];
}

/**
 * The tools a module offers. Without `functions`, every export that is a tool (made with
 * `defineTool`), or the tools of a `default` or `tools` export that is a list. With them, each
 * named export: a tool, or a plain function with its JSON Schema exported beside it as
 * `<function>Schema`.
 */
export function toolsOfModule(
  exports: Exports,
  file: string,
  functions: readonly FunctionPlan[] | undefined,
): Array<{ tool: Tool; plan?: FunctionPlan }> {
  if (functions === undefined) {
    const found = [...Object.values(exports), ...listed(exports['default']), ...listed(exports['tools'])].filter(
      isTool,
    );
    const unique = [...new Set(found)];
    if (unique.length === 0) {
      throw new ToolModuleError('exports no tools; expected tools made with defineTool from @massgen/tool-utils', file);
    }
    return unique.map((tool) => ({ tool }));
  }
  return functions.map((plan) => {
    const value = exports[plan.function];
    if (isTool(value)) return { tool: value, plan };
    if (typeof value === 'function')
      return { tool: plainFunctionTool(plan, value as (input: unknown) => unknown, exports, file), plan };
    const defined =
      Object.keys(exports)
        .filter((key) => key !== 'default')
        .join(', ') || 'nothing';
    throw new ToolModuleError(`has no export "${plan.function}"; it exports ${defined}`, file);
  });
}

/** A plain function as a tool: its JSON Schema, exported as `<function>Schema`, is offered and checks each call. */
function plainFunctionTool(plan: FunctionPlan, run: (input: unknown) => unknown, exports: Exports, file: string): Tool {
  const schema = exports[`${plan.function}Schema`];
  if (typeof schema !== 'object' || schema === null) {
    throw new ToolModuleError(
      `exports the function "${plan.function}" without its input schema; export \`${plan.function}Schema\` (a JSON Schema object) beside it, or make the tool with defineTool`,
      file,
    );
  }
  const jsonSchema = schema as JsonSchema;
  return defineTool({
    name: plan.function,
    description:
      plan.description ?? (typeof jsonSchema['description'] === 'string' ? jsonSchema['description'] : plan.function),
    inputSchema: z.fromJSONSchema(jsonSchema as z.core.JSONSchema.JSONSchema) as z.ZodObject,
    async execute(input) {
      const result = await run(input);
      return typeof result === 'string' ? result : JSON.stringify(result);
    },
  });
}

function listed(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Tool>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.execute === 'function' &&
    typeof candidate.inputSchema === 'object'
  );
}

function describeLoadError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const firstLine = error.message.split('\n')[0] ?? error.message;
  return `${error.name === 'Error' ? '' : `${error.name}: `}${firstLine}`;
}

/** The line of the module an import error points at, from the transpiler's message or the stack. */
function lineIn(error: unknown, file: string): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const located = new RegExp(`${escaped}:(\\d+)`).exec(`${error.message}\n${error.stack ?? ''}`);
  if (located?.[1] !== undefined) return Number(located[1]);
  const parserLine = /\((\d+):\d+\)/.exec(error.message);
  return parserLine?.[1] === undefined ? undefined : Number(parserLine[1]);
}

/**
 * Whether a module parses, found by transpiling it without running it. jiti's transform does not
 * throw on a parse error: it returns code that would throw it, with the error as JSON.
 */
export async function checkModuleSyntax(file: string, source: string): Promise<ToolModuleError | undefined> {
  const transpiler = await jiti();
  let code: string;
  try {
    code = transpiler.transform({ source, filename: file, ts: /\.[cm]?ts$/.test(file) });
  } catch (error) {
    return new ToolModuleError(describeLoadError(error), file, lineIn(error, file));
  }
  const reported = /__JITI_ERROR__\s*=\s*(\{.*\})/.exec(code)?.[1];
  if (reported === undefined) return undefined;
  const parsed = JSON.parse(reported) as { line?: number; code?: string; message?: string };
  const message = `${parsed.code === undefined ? '' : `${parsed.code}: `}${parsed.message?.trim() ?? 'does not parse'}`;
  return new ToolModuleError(message, file, parsed.line);
}
