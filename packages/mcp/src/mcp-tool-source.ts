import { MassGenError, redactText, toMassGenError } from '@massgen/core';
import type { Tool, ToolSource, ToolSourceContext } from '@massgen/core';
import { formatKeyPath } from '@massgen/config/internal';
import { confineReadOnlyPaths } from './integration/read-only-paths.js';
import { resolveIntegration } from './integration/resolve-integration.js';
import { connectMcpServer } from './mcp-server-connection.js';
import type { McpServerConnection } from './mcp-server-connection.js';
import type { McpServerConfig, McpServers } from './mcp-servers-settings.js';
import { defaultMcpSettings } from './mcp-settings.js';
import type { McpSettings } from './mcp-settings.js';
import { createMcpTool } from './mcp-tool.js';
import { securedStart } from './security/secured-start.js';
import { filterTools } from './tool-filter.js';
import { claimUniqueName, mcpToolName } from './tool-name.js';
import { workspacePlaceholderWarnings } from './workspace-placeholder.js';

interface StartedServer {
  agentId: string;
  server: McpServerConfig;
  connection: McpServerConnection;
}

/**
 * The MCP servers of every agent, for one run. All servers start in parallel, each within its
 * start timeout; one that fails to start, or stops later, is reported by name as a warning and
 * its agent goes on without its tools. Each agent gets its own server processes, so agents
 * never see each other's server state. `close()` stops every server.
 */
export async function createMcpToolSource(
  context: ToolSourceContext<McpServers>,
  settings: Partial<McpSettings> = {},
): Promise<ToolSource> {
  const limits: McpSettings = { ...defaultMcpSettings, ...settings };
  let closed = false;
  for (const { agentId, settings: agentSettings } of context.settings.agents) {
    for (const { path, transport } of agentSettings.ignoredKeys) {
      const keyPath = `${context.locate({ agentId, key: 'mcp_servers' }).path}${formatKeyPath(path).replace(/^(?!\[)/, '.')}`;
      context.warn({
        code: 'ignored-key',
        message: `not used by a ${transport} server, so it is ignored`,
        path: keyPath,
        agentId,
      });
    }
  }
  const declared = context.settings.agents.flatMap(({ agentId, settings: agentSettings }) =>
    agentSettings.servers.map((server) => ({ agentId, server })),
  );
  for (const { agentId, server } of declared) {
    for (const warning of workspacePlaceholderWarnings(server, agentId)) context.warn(warning);
  }

  const said = new Set<string>();
  const sayOnce = (message: string, agentId: string): void => {
    if (said.has(message)) return;
    said.add(message);
    context.warn({ code: 'mcp-integration', message, agentId });
  };
  const secrets: string[] = [];
  const attempts = await Promise.all(
    declared.map(async ({ agentId, server: written }): Promise<StartedServer | undefined> => {
      let server = written;
      let serverSecrets: string[] = [];
      try {
        const resolved = await resolveIntegration(written, {
          agentId,
          workspace: context.workspaceFor?.(agentId),
          baseDir: context.baseDir,
          loadPackage: context.loadPackage,
          where: context.locate({ agentId, key: 'mcp_servers' }).path,
        });
        serverSecrets = resolved.secrets;
        secrets.push(...serverSecrets);
        const [issue] = resolved.issues;
        if (issue !== undefined) throw new MassGenError({ code: 'CONFIG_INVALID', message: issue.message });
        await resolved.checkConnection?.();
        const confined = confineReadOnlyPaths(resolved.server, resolved.readOnlyPaths);
        for (const note of [resolved.note, confined.note])
          if (note !== undefined) sayOnce(redactText(note, serverSecrets), agentId);
        server = confined.server;
        const secured = await securedStart(server, {
          workspace: context.workspaceFor?.(agentId),
          baseDir: context.baseDir,
          cwd: context.cwd,
          env: context.env,
          ...(context.file === undefined ? {} : { file: context.file }),
        });
        const connection = await connectMcpServer(secured.server, {
          ...(secured.sandbox === undefined ? {} : { sandbox: secured.sandbox }),
          env: context.env,
          baseDir: context.baseDir,
          signal: context.signal,
          startTimeoutMs: limits.startTimeoutMs,
          closeGraceMs: limits.closeGraceMs,
          secrets: serverSecrets,
          onStopped: (reason) => {
            if (closed) return;
            context.warn({
              code: 'mcp-server-stopped',
              message: `MCP server "${server.name}" of agent ${agentId} stopped, so the agent goes on without its tools: it ${reason}`,
              agentId,
            });
          },
        });
        return { agentId, server, connection };
      } catch (error) {
        // A cancelled run is not a server failure worth reporting.
        if (!context.signal.aborted) {
          const failure = toMassGenError(error);
          const reason = typeof failure.details?.['reason'] === 'string' ? failure.details['reason'] : failure.message;
          context.warn({
            code: 'mcp-server-failed',
            message: `MCP server "${server.name}" of agent ${agentId} failed to start, so the agent goes on without its tools: ${redactText(reason, serverSecrets)}`,
            agentId,
          });
        }
        return undefined;
      }
    }),
  );
  const started = attempts.filter((attempt): attempt is StartedServer => attempt !== undefined);
  const toolsByAgent = toolsPerAgent(started, limits, context);

  return {
    name: 'mcp',
    secrets,
    toolsFor: (agentId) => toolsByAgent.get(agentId) ?? [],
    async close() {
      closed = true;
      await Promise.allSettled(started.map(({ connection }) => connection.close()));
    },
  };
}

function toolsPerAgent(
  started: readonly StartedServer[],
  limits: McpSettings,
  context: ToolSourceContext<McpServers>,
): Map<string, Tool[]> {
  const toolsByAgent = new Map<string, Tool[]>();
  const namesByAgent = new Map<string, Set<string>>();
  for (const { agentId, server, connection } of started) {
    const { selected, unknownNames } = filterTools(server.name, connection.tools, server);
    if (unknownNames.length > 0) {
      context.warn({
        code: 'mcp-unknown-tool',
        message: `MCP server "${server.name}" of agent ${agentId} has no tool named ${unknownNames.map((name) => `"${name}"`).join(', ')} (in allowed_tools / exclude_tools); it offers ${connection.tools.map((tool) => tool.name).join(', ') || 'no tools'}`,
        agentId,
      });
    }
    const taken = namesByAgent.get(agentId) ?? new Set<string>();
    namesByAgent.set(agentId, taken);
    const tools = toolsByAgent.get(agentId) ?? [];
    toolsByAgent.set(agentId, tools);
    for (const tool of selected) {
      const name = claimUniqueName(mcpToolName(server.name, tool.name), taken);
      tools.push(
        createMcpTool({
          connection,
          tool,
          name,
          toolTimeoutMs: limits.toolTimeoutMs,
          maxResultCharacters: limits.maxResultCharacters,
        }),
      );
    }
  }
  return toolsByAgent;
}
