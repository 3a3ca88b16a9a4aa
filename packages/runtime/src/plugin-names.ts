import { findBackendType } from '@massgen/config';

/** Packages to try, in order, for `backend.type` (or exactly `backend.package` when given). */
export function backendPackageCandidates(type: string, explicitPackage?: string): string[] {
  if (explicitPackage !== undefined) return [explicitPackage];
  // A first-party type or alias names its package; so a preset such as `groq` loads the Chat Completions package.
  const firstParty = firstPartyBackendPackage(type);
  if (firstParty !== undefined) return [firstParty];
  const slug = type.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/backend-${slug}`, `massgen-backend-${slug}`];
}

/** The MassGen package that serves a backend type or one of its aliases, when MassGen publishes one. */
export function firstPartyBackendPackage(type: string): string | undefined {
  return findBackendType(type)?.package;
}

/** Strategies MassGen publishes a package for. */
export const firstPartyStrategies: readonly string[] = ['vote', 'sequential'];

/** Tool packages that ship with MassGen under names that predate the `@massgen/tools-` prefix. */
const toolPackageAliases: Readonly<Record<string, string>> = {
  mcp: '@massgen/mcp',
  workspace: '@massgen/workspace',
};

/** Packages to try, in order, for a tool package name (or exactly `package` when given). */
export function toolPackageCandidates(name: string, explicitPackage?: string): string[] {
  if (explicitPackage !== undefined) return [explicitPackage];
  const alias = toolPackageAliases[name];
  if (alias !== undefined) return [alias];
  const slug = name.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/tools-${slug}`, `massgen-tools-${slug}`];
}

/** Packages to try, in order, for a strategy name (`vote`, `sequential`, or a package name). */
export function strategyPackageCandidates(name: string): string[] {
  if (name.startsWith('@') || name.includes('/') || name.startsWith('massgen-strategy-')) return [name];
  const slug = name.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/strategy-${slug}`, `massgen-strategy-${slug}`];
}

/** MCP integrations MassGen publishes a package for (`@massgen/mcp-<name>`). */
export const firstPartyMcpIntegrations: readonly string[] = ['filesystem', 'memory', 'postgres', 'sequential-thinking'];

/** Packages to try, in order, for a package of a family (`mcp`) named `name` (or exactly `package`). */
export function namedPackageCandidates(kind: string, name: string, explicitPackage?: string): string[] {
  if (explicitPackage !== undefined) return [explicitPackage];
  const slug = name.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/${kind}-${slug}`, `massgen-${kind}-${slug}`];
}
