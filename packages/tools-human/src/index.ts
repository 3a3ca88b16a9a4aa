import type { ToolPackageSettings, ToolSettingsCheckContext, ToolSource, ToolSourceContext } from '@massgen/core';
import { askHumanTool } from './ask-human-tool.js';
import { resolveHumanInput } from './human-settings.js';
import type { HumanRunSettings } from './human-settings.js';

export const specificationVersion = 'v1' as const;

export {
  humanRunSettingsSchema as runSettingsSchema,
  resolveHumanInput,
  type HumanInputSettings,
  type HumanRunSettings,
} from './human-settings.js';
export { askHumanTool, askHumanToolName } from './ask-human-tool.js';

const agentsBroadcast =
  'broadcast: "agents" (agents asking each other questions) is not supported by MassGen-TS; this setting has no effect. broadcast: "human" lets agents ask the person';

/** On when agents may ask the person, or when upstream's agent-to-agent mode needs its warning. */
export function isActive(settings: ToolPackageSettings<unknown, HumanRunSettings>): boolean {
  return resolveHumanInput(settings.run).enabled || settings.run?.broadcast === 'agents';
}

/** `massgen --validate` says what agents will be able to ask, and what upstream asks for that this does not do. */
export function checkSettings(context: ToolSettingsCheckContext<unknown, HumanRunSettings>): [] {
  const run = context.settings.run;
  const resolved = resolveHumanInput(run);
  if (run?.broadcast === 'agents')
    context.warnAt({ key: ['broadcast'] }, { code: 'unsupported-feature', message: agentsBroadcast });
  if (resolved.enabled && run?.broadcast_wait_by_default === false)
    context.warnAt(
      { key: ['broadcast_wait_by_default'] },
      {
        code: 'approximated-setting',
        message:
          'an agent that asks the person always waits for the reply (or the timeout); this setting has no effect',
      },
    );
  if (resolved.enabled)
    context.note(
      `human input: agents may ask the person (ask_human), up to ${resolved.maxQuestionsPerAgent} questions each; no reply after ${resolved.timeoutMs / 1000} s, and at once without a terminal`,
    );
  return [];
}

export function createToolSource(context: ToolSourceContext<unknown, HumanRunSettings>): Promise<ToolSource> {
  const settings = resolveHumanInput(context.settings.run);
  if (context.settings.run?.broadcast === 'agents')
    context.warn({ code: 'unsupported-feature', message: `orchestrator.coordination.${agentsBroadcast}` });
  const tools = settings.enabled ? [askHumanTool(settings, context.askHuman)] : [];
  return Promise.resolve({ name: 'human', toolsFor: () => tools, close: async () => {} });
}
