import type { CanUseTool, HookCallbackMatcher, HookInput, HookJSONOutput } from '@anthropic-ai/claude-agent-sdk';
import type { ClaudeCodeOptions } from './claude-code-options.js';
import { toolServerName } from './convert-to-claude-code-prompt.js';
import { judgeToolUse, type ClaudeCodeWorkspace } from './workspace-confinement.js';

/** Tools that run shell commands, which no path check can confine. */
export const shellTools = ['Bash', 'PowerShell'] as const;

/**
 * Built-in tools that wait for a person, schedule work for later or leave the workspace (plan
 * mode, worktrees, notifications). Nobody answers them in a MassGen run; `allowed_tools` brings
 * one back.
 */
export const unattendedTools = [
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
  'EnterWorktree',
  'ExitWorktree',
  'CronCreate',
  'CronDelete',
  'CronList',
  'ScheduleWakeup',
  'RemoteTrigger',
  'PushNotification',
  'Monitor',
  'SendUserMessage',
  'SendUserFile',
] as const;

/** `Bash(npm test:*)` is a rule for the tool `Bash`. */
function ruleToolName(rule: string): string {
  const open = rule.indexOf('(');
  return (open === -1 ? rule : rule.slice(0, open)).trim();
}

export interface ToolGuard {
  /** Claude Code's `allowedTools`: run without asking. */
  allowedTools: string[];
  /** Claude Code's `disallowedTools`: removed from the model's view. */
  disallowedTools: string[];
  hooks: { PreToolUse: HookCallbackMatcher[] };
  canUseTool: CanUseTool;
}

/**
 * Which tools Claude Code may use, and the checks on each call. A PreToolUse hook runs for every
 * call, whatever the permission mode, and refuses file access outside the workspace; subagents'
 * calls pass through it too. `canUseTool` answers what would otherwise wait for a person: shell
 * commands not covered by `allowed_tools` are refused, everything else is judged like the hook.
 */
export function createToolGuard(
  options: Pick<ClaudeCodeOptions, 'allowedTools' | 'disallowedTools' | 'permissionMode'>,
  workspace: ClaudeCodeWorkspace,
): ToolGuard {
  const allowedNames = new Set(options.allowedTools.map(ruleToolName));
  const offLimits = [...unattendedTools, ...shellTools].filter((name) => !allowedNames.has(name));
  const preToolUse = async (input: HookInput): Promise<HookJSONOutput> => {
    if (input.hook_event_name !== 'PreToolUse' || typeof input.tool_input !== 'object' || input.tool_input === null)
      return {};
    const decision = await judgeToolUse(input.tool_name, input.tool_input as Record<string, unknown>, workspace);
    if (decision.allowed) return {};
    return {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: decision.reason,
      },
    };
  };
  const canUseTool: CanUseTool = async (toolName, input) => {
    if ((shellTools as readonly string[]).includes(toolName)) {
      return {
        behavior: 'deny',
        message: `${toolName} refused: this command is not covered by the agent's allowed_tools, and nobody is there to approve it.`,
      };
    }
    const decision = await judgeToolUse(toolName, input, workspace);
    return decision.allowed
      ? { behavior: 'allow', updatedInput: input }
      : { behavior: 'deny', message: decision.reason };
  };
  return {
    // MassGen's own tools are checked where they run, by the runtime, so canUseTool lets them
    // through; `dontAsk` never asks, so there they must be allowed up front.
    allowedTools: [
      ...(options.permissionMode === 'dontAsk' ? [`mcp__${toolServerName}`] : []),
      ...options.allowedTools,
    ],
    disallowedTools: [...offLimits, ...options.disallowedTools],
    hooks: { PreToolUse: [{ hooks: [preToolUse] }] },
    canUseTool,
  };
}
