import { readFile } from 'node:fs/promises';
import type { ConfigIssue, ToolSettingsCheckContext } from '@massgen/core';
import { planCustomTools } from './custom-tool-plan.js';
import type { CustomToolsAgentSettings } from './custom-tools-settings.js';
import { describeFailure } from './custom-tool-source.js';
import { checkModuleSyntax } from './module-tools.js';
import { PythonBridge, ToolFileError } from './python-bridge.js';
import { entryKey, entryWarnings } from './entry-warnings.js';

/**
 * What a run would stop on in the custom tools, found without running any of them: files that
 * do not exist or are of a kind MassGen cannot run, no Python 3 for Python tools, and files that
 * do not parse (each at its line). Import errors show only when the run loads the files.
 * Entries naming upstream's own tools that MassGen-TS lacks are warnings.
 */
export async function checkCustomTools(
  context: ToolSettingsCheckContext<CustomToolsAgentSettings>,
): Promise<ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  let bridge: PythonBridge | undefined;
  let noPython: string | undefined;
  try {
    for (const { agentId, settings } of context.settings.agents) {
      const entries = settings.custom_tools ?? [];
      for (const unit of planCustomTools(entries, context.baseDir)) {
        const entry = entries[unit.entry];
        for (const { key, message, code } of entry === undefined ? [] : entryWarnings(entry, unit)) {
          context.warnAt({ agentId, key }, { code: code ?? 'unsupported-feature', message });
        }
        const at = (message: string): void => {
          issues.push(context.issueAt({ agentId, key: entryKey(unit.entry, 'path') }, message));
        };
        switch (unit.kind) {
          case 'invalid':
            at(unit.message);
            break;
          case 'python': {
            if (bridge === undefined && noPython === undefined) {
              try {
                bridge = await PythonBridge.start(context.env);
              } catch (error) {
                noPython = describeFailure(error);
              }
            }
            if (bridge === undefined) {
              at(noPython ?? 'Python 3 is not available');
              break;
            }
            const problem = await bridge.check(unit.file);
            if (problem !== undefined) at(describeFailure(new ToolFileError(problem)));
            break;
          }
          case 'module': {
            const problem = await checkModuleSyntax(unit.file, await readFile(unit.file, 'utf8'));
            if (problem !== undefined) at(describeFailure(problem));
            break;
          }
          default:
            break;
        }
      }
    }
  } finally {
    await bridge?.close();
  }
  return issues;
}
