import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CustomToolEntry } from './custom-tools-settings.js';
import { hasBuiltInTool, upstreamToolDirectory } from './built-in-tools.js';

/** One function of an entry: what it is called in the file, and what the model sees. */
export interface FunctionPlan {
  function: string;
  /** The name offered to the model, before the `custom_tool__` prefix. */
  name: string;
  description?: string;
  presetArgs: Record<string, unknown>;
}

/** Where one `custom_tools` entry's tools come from, decided from the settings alone. */
export type ToolUnit =
  | { kind: 'python'; entry: number; file: string; functions: FunctionPlan[] }
  /** `functions` undefined: every tool the module exports. */
  | { kind: 'module'; entry: number; file: string; functions: FunctionPlan[] | undefined; rename?: FunctionPlan }
  | {
      kind: 'package';
      entry: number;
      packageName: string;
      functions: FunctionPlan[] | undefined;
      rename?: FunctionPlan;
    }
  /** `upstreamPath` absent: found by function name alone, as upstream finds its own tools. */
  | { kind: 'built-in'; entry: number; functions: FunctionPlan[]; upstreamPath?: string }
  | { kind: 'unavailable'; entry: number; functions: FunctionPlan[]; upstreamPath?: string }
  | { kind: 'invalid'; entry: number; key: 'path'; message: string };

const moduleExtensions = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/** The tool units of one agent's `custom_tools`, in the order written. */
export function planCustomTools(entries: readonly CustomToolEntry[], baseDir: string): ToolUnit[] {
  return entries.map((entry, index) => planEntry(entry, index, baseDir));
}

function planEntry(entry: CustomToolEntry, index: number, baseDir: string): ToolUnit {
  const functions = functionPlans(entry);
  if (entry.package != null) {
    return withRename({ kind: 'package' as const, entry: index, packageName: entry.package, functions }, entry);
  }
  if (entry.path == null) {
    return functions?.every((plan) => hasBuiltInTool(plan.function))
      ? { kind: 'built-in', entry: index, functions }
      : { kind: 'unavailable', entry: index, functions: functions ?? [] };
  }
  const file = resolvePath(entry.path, baseDir);
  const upstreamPath = entry.path.replace(/\\/g, '/');
  if (!existsSync(file) && upstreamPath.startsWith(upstreamToolDirectory)) {
    const plans = functions ?? [];
    return plans.length > 0 && plans.every((plan) => hasBuiltInTool(plan.function, upstreamPath))
      ? { kind: 'built-in', entry: index, functions: plans, upstreamPath }
      : { kind: 'unavailable', entry: index, functions: plans, upstreamPath };
  }
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.py' && !moduleExtensions.has(extension)) {
    return {
      kind: 'invalid',
      entry: index,
      key: 'path',
      message: `"${entry.path}" is not a .py, .ts, .mts, .js or .mjs file`,
    };
  }
  if (!existsSync(file)) {
    return {
      kind: 'invalid',
      entry: index,
      key: 'path',
      message: `${file} does not exist; expected the file that defines the tool`,
    };
  }
  if (extension === '.py') {
    if (functions === undefined) {
      return {
        kind: 'invalid',
        entry: index,
        key: 'path',
        message: 'names no function; expected `function` with the Python function to offer',
      };
    }
    return { kind: 'python', entry: index, file, functions };
  }
  return withRename({ kind: 'module' as const, entry: index, file, functions }, entry);
}

/** A module entry without `function` offers all its tools; a single `name` or `description` then renames its only tool. */
function withRename<Unit extends { functions: FunctionPlan[] | undefined; rename?: FunctionPlan }>(
  unit: Unit,
  entry: CustomToolEntry,
): Unit {
  if (unit.functions !== undefined || (entry.name == null && entry.description == null && entry.preset_args == null))
    return unit;
  const single = <Value>(value: Value | Value[] | null | undefined): Value | undefined =>
    Array.isArray(value) ? value[0] : (value ?? undefined);
  const name = single(entry.name);
  const description = single(entry.description);
  return {
    ...unit,
    rename: {
      function: '',
      name: name ?? '',
      ...(description === undefined ? {} : { description }),
      presetArgs: single(entry.preset_args) ?? {},
    },
  };
}

function functionPlans(entry: CustomToolEntry): FunctionPlan[] | undefined {
  if (entry.function == null) return undefined;
  const functions = [entry.function].flat();
  const at = <Value>(value: Value | Value[] | null | undefined, index: number): Value | undefined =>
    Array.isArray(value) ? value[index] : (value ?? undefined);
  return functions.map((name, index) => {
    const description = at(entry.description, index);
    return {
      function: name,
      name: at(entry.name, index) ?? name,
      ...(description === undefined ? {} : { description }),
      presetArgs: at(entry.preset_args, index) ?? {},
    };
  });
}

function resolvePath(written: string, baseDir: string): string {
  if (written === '~' || written.startsWith('~/')) return path.join(os.homedir(), written.slice(1));
  return path.resolve(baseDir, written);
}
