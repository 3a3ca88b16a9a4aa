import { isUpstreamPathlessTool } from './built-in-tools.js';
import type { ToolUnit } from './custom-tool-plan.js';
import type { CustomToolEntry } from './custom-tools-settings.js';

/** The key path of one `custom_tools` entry (or of a key inside it), for messages. */
export function entryKey(entry: number, key?: string): Array<string | number> {
  return key === undefined ? ['custom_tools', entry] : ['custom_tools', entry, key];
}

const entryKeys = new Set(['path', 'package', 'function', 'name', 'description', 'category', 'preset_args']);

/** Keys upstream's configurations write in an entry that MassGen-TS does not act on, and why. */
const ignoredKeys: Readonly<Record<string, string>> = {
  defer_loading:
    "defer_loading (offering the tool only once Claude's tool search finds it) is not supported; the tool is offered from the start",
  default_params:
    'upstream MassGen does not read default_params either, so it has no effect; preset_args gives a tool arguments the model does not see',
};

/**
 * What does not stop the run but leaves an entry doing less than written: an upstream built-in
 * tool MassGen-TS lacks, and keys it does not act on. Each at its key path, for `--validate` and the run.
 */
export function entryWarnings(
  entry: CustomToolEntry,
  unit: ToolUnit,
): Array<{ key: Array<string | number>; message: string; code?: string }> {
  const warnings = Object.keys(entry)
    .filter((key) => !entryKeys.has(key))
    .map((key) => ({
      key: entryKey(unit.entry, key),
      message:
        ignoredKeys[key] ?? `is not a custom tool setting, so it has no effect; expected ${[...entryKeys].join(', ')}`,
    }));
  if (unit.kind === 'unavailable') warnings.unshift({ key: entryKey(unit.entry), ...describeUnavailable(unit) });
  return warnings;
}

/**
 * Why an entry naming one of upstream MassGen's own tools gives the agent nothing: MassGen-TS
 * lacks it, or (an entry without a path naming a function upstream does not have either, as
 * upstream's examples of a wrong tool do) no MassGen has it.
 */
function describeUnavailable(unit: Extract<ToolUnit, { kind: 'unavailable' }>): { message: string; code?: string } {
  const functions = unit.functions.map((plan) => plan.function);
  const names = functions.join(', ') || 'this tool';
  if (unit.upstreamPath === undefined && functions.length > 0 && !functions.some(isUpstreamPathlessTool)) {
    return {
      code: 'unknown-tool',
      message: `upstream MassGen has no tool ${names} either (with no path it looks only among its own tools), so it fails there too; the agent runs without it`,
    };
  }
  const where = unit.upstreamPath === undefined ? '' : ` (${unit.upstreamPath})`;
  return {
    message: `MassGen-TS does not support upstream MassGen's built-in tool ${names}${where}; the agent runs without it`,
  };
}
