import type { ConfigIssue, Tool, ToolSource, ToolSourceContext } from '@massgen/core';
import { ConfigError } from '@massgen/core';
import { builtInToolFor } from './built-in-tools.js';
import type { BuiltInToolContext } from './built-in-tools.js';
import { planCustomTools } from './custom-tool-plan.js';
import type { ToolUnit } from './custom-tool-plan.js';
import { moduleTool, pythonTool } from './custom-tool-wrappers.js';
import type { CallLimits } from './custom-tool-wrappers.js';
import { defaultTimeoutSeconds } from './custom-tools-settings.js';
import type { CustomToolsAgentSettings } from './custom-tools-settings.js';
import { importToolModule, importToolPackage, toolsOfModule, ToolModuleError } from './module-tools.js';
import { PythonBridge, ToolFileError } from './python-bridge.js';
import { entryKey, entryWarnings } from './entry-warnings.js';

/**
 * The custom tools of one run. Every agent's tool files are loaded as the run starts, so a file
 * that does not load stops the run with a configuration error naming it (and its line) before
 * any model is called. Python tools share one bridge process, closed with the run.
 */
export async function createCustomToolSource(
  context: ToolSourceContext<CustomToolsAgentSettings>,
): Promise<ToolSource> {
  let bridge: PythonBridge | undefined;
  const toolsByAgent = new Map<string, Tool[]>();
  const issues: ConfigIssue[] = [];
  const issueAt = (agentId: string, key: string | Array<string | number>, message: string): void => {
    issues.push({ ...context.locate({ agentId, key }), message });
  };
  try {
    for (const { agentId, settings } of context.settings.agents) {
      const limits: CallLimits = { timeoutSeconds: settings.custom_tools_timeout_seconds ?? defaultTimeoutSeconds };
      const tools: Tool[] = [];
      const entries = settings.custom_tools ?? [];
      for (const unit of planCustomTools(entries, context.baseDir)) {
        try {
          if (unit.kind === 'python') bridge ??= await PythonBridge.start(context.env);
          tools.push(
            ...(await toolsOfUnit(unit, {
              bridge,
              limits,
              baseDir: context.baseDir,
              builtIn: { agentId, models: context.models, workspace: () => context.workspaceFor?.(agentId) },
            })),
          );
        } catch (error) {
          issueAt(agentId, entryKey(unit.entry, 'path'), describeFailure(error));
          continue;
        }
        const entry = entries[unit.entry];
        for (const { key, message, code } of entry === undefined ? [] : entryWarnings(entry, unit)) {
          context.warn({ code: code ?? 'unsupported-feature', ...context.locate({ agentId, key }), message, agentId });
        }
      }
      const seen = new Set<string>();
      for (const tool of tools) {
        if (seen.has(tool.name))
          issueAt(
            agentId,
            'custom_tools',
            `two custom tools are named ${tool.name}; expected each name once (set \`name\` to rename one)`,
          );
        seen.add(tool.name);
      }
      toolsByAgent.set(agentId, tools);
    }
    if (issues.length > 0)
      throw new ConfigError({ ...(context.file === undefined ? {} : { file: context.file }), issues });
  } catch (error) {
    await bridge?.close();
    throw error;
  }
  return {
    name: 'custom',
    toolsFor: (agentId) => toolsByAgent.get(agentId) ?? [],
    close: async () => {
      await bridge?.close();
    },
  };
}

async function toolsOfUnit(
  unit: ToolUnit,
  run: { bridge: PythonBridge | undefined; limits: CallLimits; baseDir: string; builtIn: BuiltInToolContext },
): Promise<Tool[]> {
  switch (unit.kind) {
    case 'python': {
      const { bridge } = run;
      if (bridge === undefined) return [];
      const tools: Tool[] = [];
      for (const plan of unit.functions) {
        const [described] = await bridge.load(unit.file, [plan.function], Object.keys(plan.presetArgs));
        if (described !== undefined) tools.push(pythonTool(bridge, unit.file, described, plan, run.limits));
      }
      return tools;
    }
    case 'module':
    case 'package': {
      const { exports, file } =
        unit.kind === 'module'
          ? { exports: await importToolModule(unit.file), file: unit.file }
          : await importToolPackage(unit.packageName, run.baseDir);
      return toolsOfModule(exports, file, unit.functions).map(({ tool, plan }) =>
        moduleTool(tool, plan ?? unit.rename, run.limits),
      );
    }
    case 'built-in':
      return unit.functions.flatMap((plan) => {
        const tool = builtInToolFor(plan.function, unit.upstreamPath, run.builtIn);
        return tool === undefined ? [] : [moduleTool(tool, plan, run.limits)];
      });
    case 'unavailable':
      return [];
    case 'invalid':
      throw new ToolModuleError(unit.message, '');
  }
}

/** A tool file's problem as the message of an issue: the file, its line, and what went wrong. */
export function describeFailure(error: unknown): string {
  if (error instanceof ToolFileError) {
    const { file, line, message, kind } = error.problem;
    const where = file === undefined ? '' : `${file}${line === undefined ? '' : `, line ${line}`}: `;
    return `${where}${kind === 'missing' ? message : `${message}${kind === 'import' ? ' (install what it imports for python3)' : ''}`}`;
  }
  if (error instanceof ToolModuleError) {
    if (error.file === '') return error.message;
    return `${error.file}${error.line === undefined ? '' : `, line ${error.line}`}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
