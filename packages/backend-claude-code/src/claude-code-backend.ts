import { prepareMediaMessages, textOnlyMediaSupport } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { Backend, BackendCallOptions, BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import { resolveClaudeCodeCredential, type ClaudeCodeCredential } from './claude-code-credentials.js';
import { buildClaudeCodeEnvironment } from './claude-code-environment.js';
import { mapClaudeCodeFailure, type ClaudeCodeErrorContext } from './claude-code-error.js';
import { parseClaudeCodeOptions } from './claude-code-options.js';
import { prepareClaudeCodeTools } from './claude-code-prepare-tools.js';
import { buildClaudeCodeQueryOptions } from './claude-code-query-options.js';
import { ClaudeCodeSession } from './claude-code-session.js';
import { createToolGuard } from './claude-code-tool-guard.js';
import { resolveClaudeCodeWorkspace } from './claude-code-workspace.js';
import { convertToClaudeCodePrompt, toolServerName } from './convert-to-claude-code-prompt.js';
import { driveClaudeCodeSession } from './drive-claude-code-session.js';
import { loadClaudeAgentSdk, type ClaudeAgentSdk } from './load-claude-agent-sdk.js';
import { ParkedSessions } from './parked-sessions.js';
import type { ClaudeCodeWorkspace } from './workspace-confinement.js';

/** A Claude Code session starts from one text prompt: media are refused, text files read into it. */
const claudeCodeMediaSupport = textOnlyMediaSupport('Claude Code');

export interface ClaudeCodeBackendDependencies {
  /** Loads the agent SDK; injectable so tests can show what happens when it is missing. */
  loadSdk?: () => Promise<ClaudeAgentSdk>;
}

/** Name of the model provider in messages: Anthropic, or the server `base_url` names. */
function providerNameFor(baseUrl: string | undefined): string {
  return baseUrl === undefined ? 'Anthropic' : `Anthropic API at ${new URL(baseUrl).host}`;
}

/**
 * A backend that runs Claude Code (through `@anthropic-ai/claude-agent-sdk` and the CLI it bundles)
 * for each turn: Claude Code works in the agent's workspace with its own tools, confined to the
 * workspace and context paths, and calls MassGen's tools (the workflow tools `new_answer` and
 * `vote`, MCP and workspace tools) through an in-process MCP server. Options are validated here;
 * the credentials and the SDK are only looked at on the first turn.
 */
export function createClaudeCodeBackend(
  settings: BackendSettings,
  dependencies: ClaudeCodeBackendDependencies = {},
): Backend {
  const options = parseClaudeCodeOptions(settings);
  const loadSdk = dependencies.loadSdk ?? loadClaudeAgentSdk;
  const providerName = providerNameFor(options.baseUrl);
  const parked = new ParkedSessions();
  const warned = new Set<string>();
  let workspacePromise: Promise<ClaudeCodeWorkspace> | undefined;

  if (settings.workspace?.directory === undefined) {
    settings.warn({
      code: 'claude-code-scratch-directory',
      message: `Agent ${settings.agentId} has no backend.cwd, so Claude Code works in a new temporary directory whose files the other agents do not see; set backend.cwd to give it a workspace.`,
      path: 'backend.cwd',
      agentId: settings.agentId,
    });
  }

  /** Settings problems repeat on every turn; the user needs to hear of each once. */
  function firstTime(warning: Warning): boolean {
    const key = `${warning.code}\u0000${warning.message}`;
    if (warned.has(key)) return false;
    warned.add(key);
    return true;
  }

  function errorContext(credential: ClaudeCodeCredential | undefined): ClaudeCodeErrorContext {
    return {
      provider: settings.type,
      providerName,
      agentId: settings.agentId,
      secrets: credential?.kind === 'api-key' ? [credential.apiKey] : [],
    };
  }

  async function startSession(
    request: BackendRequest,
    credential: ClaudeCodeCredential,
  ): Promise<{ session: ClaudeCodeSession; warnings: Warning[] }> {
    const sdk = await loadSdk();
    workspacePromise ??= resolveClaudeCodeWorkspace(settings.workspace, settings.agentId);
    const workspace = await workspacePromise.catch((error: unknown) => {
      workspacePromise = undefined;
      throw error;
    });
    const guard = createToolGuard(options, workspace);
    const offered = request.toolChoice === 'none' ? [] : (request.tools ?? []);
    const environment = buildClaudeCodeEnvironment({
      env: settings.env,
      credential,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      maxOutputTokens: request.settings?.maxOutputTokens,
      extra: options.env,
    });
    const prefix = `mcp__${toolServerName}__`;
    const warnings: Warning[] = [];
    const session = new ClaudeCodeSession({
      sdk,
      prepareTools: (handle) =>
        prepareClaudeCodeTools({
          tools: offered,
          turnEndingTools: request.turnEndingTools,
          sdk,
          handle,
          agentId: settings.agentId,
        }),
      streamContext: { ...errorContext(credential), isBridgedTool: (name) => name.startsWith(prefix) },
      configure: ({ toolNames, toolServer, abortController }) => {
        const { systemPrompt, prompt } = convertToClaudeCodePrompt({
          messages: request.messages,
          options,
          directory: workspace.directory,
          roots: workspace.roots(),
          toolNames,
        });
        const built = buildClaudeCodeQueryOptions({
          options,
          modelId: settings.model,
          request,
          workspace,
          guard,
          environment,
          systemPrompt,
          toolServer,
          abortController,
        });
        warnings.push(...built.warnings);
        return { prompt, options: built.options };
      },
    });
    return { session, warnings: [...session.toolWarnings, ...warnings] };
  }

  async function* stream(given: BackendRequest, callOptions: BackendCallOptions = {}): AsyncGenerator<StreamPart> {
    const { signal } = callOptions;
    let credential: ClaudeCodeCredential | undefined;
    try {
      if (signal?.aborted === true)
        throw new MassGenError({ code: 'ABORTED', message: 'The Claude Code turn was cancelled.' });
      const caller = { agentId: settings.agentId, provider: settings.type, modelId: settings.model };
      const request = {
        ...given,
        messages: await prepareMediaMessages(given.messages, claudeCodeMediaSupport, caller),
      };
      let session = parked.resume(request.messages);
      if (session === undefined) {
        credential = resolveClaudeCodeCredential({
          configuredKey: options.apiKey,
          baseUrl: options.baseUrl,
          env: settings.env,
          warn: settings.warn,
          agentId: settings.agentId,
          provider: settings.type,
        });
        const started = await startSession(request, credential);
        session = started.session;
        for (const warning of started.warnings.filter(firstTime))
          yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } };
      }
      yield* driveClaudeCodeSession(session, { signal, timeoutMs: options.timeoutMs, parked });
    } catch (error) {
      yield { type: 'error', error: mapClaudeCodeFailure(error, errorContext(credential)).toJSON() };
    }
  }

  return { specificationVersion: 'v1', provider: settings.type, modelId: settings.model, stream };
}
