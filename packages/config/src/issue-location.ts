import type { ConfigIssue } from '@massgen/core';
import { isMapping } from './is-mapping.js';
import { formatKeyPath, lineOfKeyPath } from './key-path.js';
import type { KeySegment } from './key-path.js';

/** What a configuration knows about where its keys are: lines and the names of list items. */
export interface KeyLocations {
  /** 1-based line of each key path. */
  lines: Readonly<Record<string, number>>;
  /** `agent "bob"` for each list item that has an id or a name, by its key path (`agents[1]`). */
  itemNames?: Readonly<Record<string, string>> | undefined;
}

/** The singular people use for an item of a list key; other lists are named by their key. */
const itemWords: Readonly<Record<string, string>> = { agents: 'agent' };

/**
 * Names every list item that carries an `id` or a `name` (agents, upstream's list of MCP
 * servers), so that messages can say `agent "bob"` beside `agents[1]`.
 */
export function listItemNames(value: unknown): Record<string, string> {
  const names: Record<string, string> = {};
  const visit = (node: unknown, segments: KeySegment[]): void => {
    if (Array.isArray(node)) {
      const listKey = segments.at(-1);
      node.forEach((item, index) => {
        const itemSegments = [...segments, index];
        const name = isMapping(item) ? (item['id'] ?? item['name']) : undefined;
        if (typeof name === 'string' && name.trim() !== '' && typeof listKey === 'string') {
          names[formatKeyPath(itemSegments)] = `${itemWords[listKey] ?? listKey} ${JSON.stringify(name)}`;
        }
        visit(item, itemSegments);
      });
    } else if (isMapping(node)) {
      for (const [key, child] of Object.entries(node)) visit(child, [...segments, key]);
    }
  };
  visit(value, []);
  return names;
}

/** The named list items along a key path, outermost first. */
export function namedItemsOnPath(
  itemNames: Readonly<Record<string, string>> = {},
  segments: readonly KeySegment[],
): string[] {
  const items: string[] = [];
  segments.forEach((segment, index) => {
    if (typeof segment !== 'number') return;
    const name = itemNames[formatKeyPath(segments.slice(0, index + 1))];
    if (name !== undefined) items.push(name);
  });
  return items;
}

/** A problem at a key path of a loaded configuration, with its line and the list items it is in. */
export function configIssueAt(locations: KeyLocations, segments: readonly KeySegment[], message: string): ConfigIssue {
  const line = lineOfKeyPath(locations.lines, segments);
  const items = namedItemsOnPath(locations.itemNames, segments);
  return {
    path: formatKeyPath(segments),
    message,
    ...(line === undefined ? {} : { line }),
    ...(items.length === 0 ? {} : { items }),
  };
}
