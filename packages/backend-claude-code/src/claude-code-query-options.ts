import type { BackendRequest, Warning } from '@massgen/core';
import type { McpSdkServerConfigWithInstance, Options } from '@anthropic-ai/claude-agent-sdk';
import type { ClaudeCodeOptions } from './claude-code-options.js';
import type { ToolGuard } from './claude-code-tool-guard.js';
import { toolServerName, type ClaudeCodeSystemPrompt } from './convert-to-claude-code-prompt.js';
import { readableDirectories, type ClaudeCodeWorkspace } from './workspace-confinement.js';

const effortLevels = new Set(['low', 'medium', 'high', 'xhigh', 'max']);

/**
 * SDK options MassGen sets for confinement and unattended running; `providerOptions` may not
 * change them, so a request cannot widen what Claude Code may touch.
 */
const reservedOptions = new Set([
  'cwd',
  'env',
  'hooks',
  'canUseTool',
  'permissionMode',
  'allowDangerouslySkipPermissions',
  'permissionPromptToolName',
  'allowedTools',
  'disallowedTools',
  'additionalDirectories',
  'mcpServers',
  'settingSources',
  'settings',
  'managedSettings',
  'sandbox',
  'strictMcpConfig',
  'abortController',
  'spawnClaudeCodeProcess',
  'pathToClaudeCodeExecutable',
  'includePartialMessages',
  'systemPrompt',
  'resume',
  'continue',
]);

export interface ClaudeCodeQueryOptionsInput {
  options: ClaudeCodeOptions;
  modelId: string;
  request: BackendRequest;
  workspace: ClaudeCodeWorkspace;
  guard: ToolGuard;
  environment: Record<string, string>;
  systemPrompt: ClaudeCodeSystemPrompt;
  /** The in-process MCP server with MassGen's tools, when the turn offers any. */
  toolServer: McpSdkServerConfigWithInstance | undefined;
  abortController: AbortController;
}

export interface ClaudeCodeQueryOptions {
  options: Options;
  /** Settings Claude Code cannot honour, each to be reported once. */
  warnings: Warning[];
}

function unsupported(setting: string, why: string): Warning {
  return { code: 'unsupported-setting', message: `Claude Code ignores ${setting}: ${why}.` };
}

/** The settings of the request that Claude Code has no way to apply, and its reasoning effort. */
function mapSettings(request: BackendRequest): { effort?: Options['effort']; warnings: Warning[] } {
  const settings = request.settings ?? {};
  const warnings: Warning[] = [];
  if (settings.temperature !== undefined) warnings.push(unsupported('temperature', 'it chooses its own sampling'));
  if (settings.topP !== undefined) warnings.push(unsupported('top_p', 'it chooses its own sampling'));
  if (settings.seed !== undefined) warnings.push(unsupported('seed', 'the Messages API has no seed'));
  if (settings.stopSequences !== undefined)
    warnings.push(unsupported('stop sequences', 'its agent loop decides when a turn ends'));
  if (request.toolChoice === 'required')
    warnings.push(unsupported('tool_choice: required', 'its agent loop cannot be forced to call a tool'));
  const effort = settings.reasoningEffort;
  if (effort === undefined) return { warnings };
  if (effortLevels.has(effort)) return { effort: effort as Options['effort'], warnings };
  warnings.push(unsupported(`reasoning effort "${effort}"`, 'it accepts low, medium, high, xhigh or max'));
  return { warnings };
}

function mapProviderOptions(providerOptions: Record<string, unknown> | undefined): {
  extra: Partial<Options>;
  warnings: Warning[];
} {
  const extra: Record<string, unknown> = {};
  const warnings: Warning[] = [];
  for (const [key, value] of Object.entries(providerOptions ?? {})) {
    if (reservedOptions.has(key))
      warnings.push({
        code: 'unsupported-setting',
        message: `Claude Code's ${key} option is set by MassGen and cannot be changed through provider options.`,
      });
    else extra[key] = value;
  }
  return { extra: extra, warnings };
}

/**
 * The SDK options of one Claude Code session. It loads no settings files and no project MCP
 * configuration, so that a `.claude/settings.json` in a workspace cannot add permissions or hooks,
 * keeps no transcript, and streams partial messages so text arrives as it is written.
 */
export function buildClaudeCodeQueryOptions(input: ClaudeCodeQueryOptionsInput): ClaudeCodeQueryOptions {
  const { options, guard } = input;
  const settings = mapSettings(input.request);
  const provider = mapProviderOptions(input.request.providerOptions);
  const thinking: Options['thinking'] | undefined =
    options.maxThinkingTokens === undefined
      ? undefined
      : options.maxThinkingTokens === 0
        ? { type: 'disabled' }
        : { type: 'enabled', budgetTokens: options.maxThinkingTokens };
  const queryOptions: Options = {
    ...provider.extra,
    cwd: input.workspace.directory,
    additionalDirectories: readableDirectories(input.workspace),
    env: input.environment,
    systemPrompt: input.systemPrompt,
    permissionMode: options.permissionMode,
    ...(options.permissionMode === 'bypassPermissions' ? { allowDangerouslySkipPermissions: true } : {}),
    allowedTools: guard.allowedTools,
    disallowedTools: guard.disallowedTools,
    hooks: guard.hooks,
    canUseTool: guard.canUseTool,
    mcpServers: input.toolServer === undefined ? {} : { [toolServerName]: input.toolServer },
    strictMcpConfig: true,
    settingSources: [],
    persistSession: false,
    includePartialMessages: true,
    abortController: input.abortController,
    ...(input.modelId === '' ? {} : { model: input.modelId }),
    ...(thinking === undefined ? {} : { thinking }),
    ...(settings.effort === undefined ? {} : { effort: settings.effort }),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.cliPath === undefined ? {} : { pathToClaudeCodeExecutable: options.cliPath }),
  };
  return { options: queryOptions, warnings: [...settings.warnings, ...provider.warnings] };
}
