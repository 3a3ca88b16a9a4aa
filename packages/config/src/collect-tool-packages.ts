import { isDeepStrictEqual } from 'node:util';
import type { PathIssue } from './findings.js';
import { isMapping } from './is-mapping.js';
import { formatKeyPath } from './key-path.js';
import type { KeySegment } from './key-path.js';
import { builtInToolKeys } from './tool-package-config.js';
import type { ToolPackageConfig, ToolSettingsSource } from './tool-package-config.js';

/**
 * The tool packages a configuration names, in a stable order (the built-in ones first), each
 * with its settings as written. Read from the interpolated file rather than the parsed one,
 * because the loader's schema does not know these keys: each package checks its own.
 */
export function collectToolPackages(
  root: Record<string, unknown>,
  issues: PathIssue[],
  interpolatedPaths: ReadonlySet<string>,
): ToolPackageConfig[] {
  const packages = new Map<string, ToolPackageConfig>();
  const packageNamed = (name: string): ToolPackageConfig => {
    let found = packages.get(name);
    if (found === undefined) {
      found = { name, agents: [] };
      packages.set(name, found);
    }
    return found;
  };
  const agents = agentEntries(root);
  const orchestrator = isMapping(root['orchestrator']) ? root['orchestrator'] : {};
  const coordination = isMapping(orchestrator['coordination']) ? orchestrator['coordination'] : {};

  for (const [name, keys] of Object.entries(builtInToolKeys)) {
    const run = written(orchestrator, keys.orchestrator ?? []);
    if (Object.keys(run).length > 0) addRun(packageNamed(name), { settings: run, segments: ['orchestrator'] });
    const coordinated = written(coordination, keys.coordination ?? []);
    if (Object.keys(coordinated).length > 0)
      addRun(packageNamed(name), { settings: coordinated, segments: ['orchestrator', 'coordination'] });
    for (const { agentId, agent, segments } of agents) {
      const backend = isMapping(agent['backend']) ? agent['backend'] : {};
      const settings = written(backend, keys.backend ?? []);
      const keySegments: Record<string, KeySegment[]> = {};
      for (const [key, value] of Object.entries(written(agent, keys.agent ?? []))) {
        if (key in settings) {
          if (!isDeepStrictEqual(settings[key], value)) {
            issues.push({
              segments: [...segments, key],
              message: `differs from backend.${key} (${JSON.stringify(settings[key])}); expected it in one place (backend.${key})`,
            });
          }
          continue;
        }
        settings[key] = value;
        keySegments[key] = [...segments, key];
      }
      if (Object.keys(settings).length === 0) continue;
      packageNamed(name).agents.push({
        agentId,
        settings,
        segments: [...segments, 'backend'],
        ...(Object.keys(keySegments).length === 0 ? {} : { keySegments }),
      });
    }
  }

  const named = (block: unknown, segments: KeySegment[], agentId?: string): void => {
    if (!isMapping(block)) return;
    for (const [name, value] of Object.entries(block)) {
      const target = packageNamed(name);
      const { package: explicit, ...settings } = isMapping(value) ? value : {};
      if (typeof explicit === 'string') setPackage(target, explicit, [...segments, name, 'package'], issues);
      const source = { settings, segments: [...segments, name] };
      if (agentId === undefined) addRun(target, source);
      else target.agents.push({ agentId, ...source });
    }
  };
  named(root['tools'], ['tools']);
  for (const { agentId, agent, segments } of agents) {
    const backend = isMapping(agent['backend']) ? agent['backend'] : {};
    named(backend['tools'], [...segments, 'backend', 'tools'], agentId);
  }
  const withEnvironmentPaths = <Source extends ToolSettingsSource>(source: Source): Source => {
    const prefixes = [source.segments, ...Object.values(source.keySegments ?? {})].map((segments) =>
      formatKeyPath(segments),
    );
    const environmentPaths = [...interpolatedPaths].filter((keyPath) =>
      prefixes.some((prefix) => keyPath.startsWith(prefix)),
    );
    return environmentPaths.length === 0 ? source : { ...source, environmentPaths };
  };
  return [...packages.values()].map((entry) => ({
    ...entry,
    ...(entry.run === undefined ? {} : { run: withEnvironmentPaths(entry.run) }),
    agents: entry.agents.map(withEnvironmentPaths),
  }));
}

function agentEntries(
  root: Record<string, unknown>,
): Array<{ agentId: string; agent: Record<string, unknown>; segments: KeySegment[] }> {
  const entries: Array<{ agent: unknown; segments: KeySegment[] }> = isMapping(root['agent'])
    ? [{ agent: root['agent'], segments: ['agent'] }]
    : Array.isArray(root['agents'])
      ? (root['agents'] as unknown[]).map((agent, index) => ({ agent, segments: ['agents', index] }))
      : [];
  return entries.flatMap(({ agent, segments }) =>
    isMapping(agent) && typeof agent['id'] === 'string' ? [{ agentId: agent['id'], agent, segments }] : [],
  );
}

/** The listed keys that are written with a value (`null` is the same as leaving a key out). */
function written(block: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.flatMap((key) => (block[key] == null ? [] : [[key, block[key]]])));
}

/** A second run-wide block of the same package (`tools.workspace` beside the orchestrator keys) adds its keys. */
function addRun(target: ToolPackageConfig, source: ToolSettingsSource): void {
  if (target.run === undefined) {
    target.run = source;
    return;
  }
  const keySegments = { ...target.run.keySegments };
  for (const key of Object.keys(source.settings)) keySegments[key] = [...source.segments, key];
  target.run = { ...target.run, settings: { ...target.run.settings, ...source.settings }, keySegments };
}

function setPackage(target: ToolPackageConfig, explicit: string, segments: KeySegment[], issues: PathIssue[]): void {
  if (target.package === undefined || target.package === explicit) {
    target.package = explicit;
    return;
  }
  issues.push({
    segments,
    message: `"${explicit}" differs from the package "${target.package}" given for the tool package "${target.name}" before; expected one package per name`,
  });
}
