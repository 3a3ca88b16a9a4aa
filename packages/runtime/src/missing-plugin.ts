import { readFileSync } from 'node:fs';
import { catalogBackendTypes, suggestNames, supportedBackendTypes, upstreamBackendTypeNote } from '@massgen/config';
import { pluginInstallCommand, pluginInstallTarget } from './plugin-install.js';
import type { PluginInstallTarget } from './plugin-install.js';
import {
  firstPartyBackendPackage,
  firstPartyMcpIntegrations,
  firstPartyStrategies,
  namedPackageCandidates,
  toolPackageCandidates,
} from './plugin-names.js';

/** Where the loader looked, and so where a plugin would be installed. */
export interface PluginSearchContext {
  /** The user's project (the working directory) first, then the app that bundles the defaults. */
  searchPaths: readonly string[];
}

/**
 * Every MassGen package is released at one version, so a first-party plugin is installed at the
 * version of the runtime that loads it. Undefined when this code was bundled away from its manifest.
 */
export function massgenVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
}

/** Where a missing plugin goes for this loader: the user's project, else beside the app. */
export function installTargetFor(context: PluginSearchContext): PluginInstallTarget {
  const [project = process.cwd()] = context.searchPaths;
  const appDirectory = context.searchPaths.length > 1 ? context.searchPaths.at(-1) : undefined;
  return pluginInstallTarget({ cwd: project, ...(appDirectory === undefined ? {} : { appDirectory }) });
}

/** `massgen add NAME (runs: npm install PACKAGE@VERSION)`, the advice for a first-party plugin. */
export function addAdvice(name: string, packageName: string, context: PluginSearchContext): string {
  const target = installTargetFor(context);
  const version = massgenVersion();
  const command = pluginInstallCommand(target, [version === undefined ? packageName : `${packageName}@${version}`]);
  const where = target.directory === context.searchPaths[0] ? '' : ` in ${target.directory}`;
  return `Add it with: massgen add ${name} (runs: ${command.text}${where})`;
}

/**
 * Why no package serves `backend.type` (or `backend.package`), and what to do. Only packages
 * MassGen publishes, or that the configuration names itself, are ever suggested for installing.
 */
export function missingBackendMessage(type: string, explicitPackage: string | undefined, context: PluginSearchContext) {
  if (explicitPackage !== undefined) {
    const command = pluginInstallCommand(installTargetFor(context), [explicitPackage]);
    return `backend.package "${explicitPackage}" is not installed. Install it with: ${command.text}`;
  }
  const packageName = firstPartyBackendPackage(type);
  if (packageName !== undefined) {
    return `backend type "${type}" needs the plugin ${packageName}, which is not installed. ${addAdvice(type, packageName, context)}`;
  }
  const note = upstreamBackendTypeNote(type);
  if (note !== undefined) return `no installed package serves backend type "${type}": ${note}.`;
  const close = closestBackendTypes(type);
  const slug = type.trim().toLowerCase().replace(/_/g, '-');
  return (
    `no installed package serves backend type "${type}"${close.length === 0 ? '' : ` (did you mean ${close.map((name) => `"${name}"`).join(' or ')}?)`}. ` +
    `MassGen's types are ${supportedBackendTypes.join(', ')}. Another type needs its own package ` +
    `(@massgen/backend-${slug} or massgen-backend-${slug}), or name any package with backend.package.`
  );
}

/** The first-party types closest to a mistyped name or alias (`antropic` → `claude`, through its alias `anthropic`). */
export function closestBackendTypes(name: string): string[] {
  const types = catalogBackendTypes();
  const canonical = new Map<string, string>();
  for (const entry of types) {
    canonical.set(entry.type, entry.type);
    for (const alias of entry.aliases ?? []) canonical.set(alias, entry.type);
  }
  return [...new Set(suggestNames(name, canonical.keys(), 3).map((match) => canonical.get(match) ?? match))].slice(
    0,
    2,
  );
}

/** Why no package serves a strategy, and what to do. */
export function missingStrategyMessage(name: string, context: PluginSearchContext): string {
  if (firstPartyStrategies.includes(name)) {
    return `strategy "${name}" needs the plugin @massgen/strategy-${name}, which is not installed. ${addAdvice(`@massgen/strategy-${name}`, `@massgen/strategy-${name}`, context)}`;
  }
  return `no installed package serves strategy "${name}"${didYouMean(name, firstPartyStrategies)}. MassGen's strategies are ${firstPartyStrategies.join(', ')}.`;
}

/**
 * Why no package serves a tool package the configuration names (`namedBy`: where, such as
 * `tools.weather` or `backend.mcp_servers`), and what to do. Installing is suggested only for the
 * packages MassGen publishes and a `package` the configuration writes itself.
 */
export function missingToolPackageMessage(
  name: string,
  explicitPackage: string | undefined,
  namedBy: string | undefined,
  context: PluginSearchContext,
): string {
  const what = `tool package "${name}"${namedBy === undefined ? '' : ` (named by ${namedBy})`}`;
  if (explicitPackage !== undefined) {
    const command = pluginInstallCommand(installTargetFor(context), [explicitPackage]);
    return `${what}: package "${explicitPackage}" is not installed. Install it with: ${command.text}`;
  }
  const candidates = toolPackageCandidates(name);
  const [only] = candidates;
  if (candidates.length === 1 && only !== undefined && only.startsWith('@massgen/'))
    return `${what} needs the plugin ${only}, which is not installed. ${addAdvice(only, only, context)}`;
  return `No package found for ${what}: looked for ${candidates.map((candidate) => `"${candidate}"`).join(', ')}. Install the package that provides it, or write the name of one under \`package\` there.`;
}

/** Why no package serves an MCP integration (or another named package), and what to do. */
export function missingNamedPackageMessage(
  request: { kind: string; name: string; package?: string; namedBy?: string },
  context: PluginSearchContext,
): string {
  const what = `${request.kind === 'mcp' ? 'MCP integration' : request.kind} "${request.name}"${request.namedBy === undefined ? '' : ` (named by ${request.namedBy})`}`;
  if (request.package !== undefined) {
    const command = pluginInstallCommand(installTargetFor(context), [request.package]);
    return `${what}: package "${request.package}" is not installed. Install it with: ${command.text}`;
  }
  const candidates = namedPackageCandidates(request.kind, request.name);
  const [firstParty] = candidates;
  if (request.kind === 'mcp' && firstPartyMcpIntegrations.includes(request.name) && firstParty !== undefined)
    return `${what} needs the plugin ${firstParty}, which is not installed. ${addAdvice(`mcp-${request.name}`, firstParty, context)}`;
  const known = request.kind === 'mcp' ? ` MassGen's integrations are ${firstPartyMcpIntegrations.join(', ')}.` : '';
  return `No package found for ${what}: looked for ${candidates.map((candidate) => `"${candidate}"`).join(', ')}.${known} Install the package that provides it, or write the name of one under \`package\` there.`;
}

function didYouMean(name: string, known: readonly string[]): string {
  const close = suggestNames(name, known);
  return close.length === 0 ? '' : ` (did you mean ${close.map((candidate) => `"${candidate}"`).join(' or ')}?)`;
}
