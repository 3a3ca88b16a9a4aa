import type { Tool } from '@massgen/core';
import { peersDirectory } from '../path-sandbox.js';
import type { PathSandbox } from '../path-sandbox.js';
import type { AgentLayout } from '../workspace-layout.js';
import { createCopyFileTool } from './copy-file-tool.js';
import { createEditFileTool } from './edit-file-tool.js';
import { createListDirectoryTool } from './list-directory-tool.js';
import { createReadFileTool } from './read-file-tool.js';
import { createSearchFilesTool } from './search-files-tool.js';
import { createWriteFileTool } from './write-file-tool.js';

/**
 * An agent's file tools. Tools that change files are offered only to an agent that can ever
 * write: one with a workspace, or with a `write` context path it may get as the presenter.
 */
export function createFileTools(sandbox: PathSandbox, agent: AgentLayout, maximumCopyBytes?: number): Tool[] {
  const where = describePaths(agent);
  const readTools = [
    createReadFileTool(sandbox, where),
    createListDirectoryTool(sandbox, where),
    createSearchFilesTool(sandbox, where),
  ];
  const canEverWrite =
    agent.workspace !== undefined || agent.contextPaths.some((contextPath) => contextPath.access === 'write');
  if (!canEverWrite) return readTools;
  return [
    ...readTools,
    createWriteFileTool(sandbox, where),
    createEditFileTool(sandbox, where),
    createCopyFileTool(sandbox, where, maximumCopyBytes),
  ];
}

/** The paths an agent can name, for its tools' descriptions. */
export function describePaths(agent: AgentLayout): string {
  const workspace =
    agent.workspace === undefined
      ? 'You have no workspace of your own, so name files by absolute context path or under peers/.'
      : 'A relative path is inside your own workspace, which only you can change.';
  const peers = `${peersDirectory}/<label>/ holds each other agent's files as of its latest answer, read-only (peers/agent2 for answer agent2.1).`;
  const contextPaths = agent.contextPaths.map((contextPath) =>
    contextPath.access === 'write'
      ? `${contextPath.configuredPath} (read-only; writable for the agent that presents the final answer)`
      : `${contextPath.configuredPath} (read-only)`,
  );
  return [workspace, peers, ...(contextPaths.length === 0 ? [] : [`Context paths: ${contextPaths.join('; ')}.`])].join(
    ' ',
  );
}
