import type { AgentWorkspace } from '@massgen/core';
import { peersDirectory, PathSandbox } from './path-sandbox.js';
import type { SandboxView } from './sandbox-view.js';

/**
 * The sandbox of an agent's workspace as another tool package sees it (`workspaceFor`), so a
 * tool outside this package (a media tool reading an image) decides paths as the file tools do:
 * relative to the workspace, `peers/<label>/...` into a snapshot, absolute inside a context path.
 * It is read again for every path, as access changes during a run.
 */
export function agentWorkspaceSandbox(workspace: () => AgentWorkspace | undefined): PathSandbox {
  return new PathSandbox((): SandboxView => {
    const current = workspace();
    const roots = current?.roots() ?? [];
    const peers = new Map(
      roots.flatMap((root) =>
        root.name?.startsWith(`${peersDirectory}/`) === true
          ? [[root.name.slice(peersDirectory.length + 1), root.path] as const]
          : [],
      ),
    );
    return {
      roots: roots.map((root) => ({ realPath: root.path, displayPath: root.name ?? '', access: root.access })),
      protectedPaths: current?.protectedPaths() ?? [],
      ...(current?.directory === undefined ? {} : { workspace: current.directory }),
      peers,
    };
  });
}
