import { isMap, isScalar, isSeq } from 'yaml';
import type { LineCounter, Node } from 'yaml';
import { formatKeyPath } from './key-path.js';
import type { KeySegment } from './key-path.js';

/**
 * Maps every key path of a composed YAML document to its 1-based line: the line of the key
 * for mapping entries, the line of the item for list entries. Depth is already bounded by
 * the nesting guard, so plain recursion is safe here.
 */
export function buildLineMap(root: Node | null, lineCounter: LineCounter): Record<string, number> {
  const lines: Record<string, number> = {};
  const record = (segments: KeySegment[], offset: number | undefined): void => {
    if (offset !== undefined) lines[formatKeyPath(segments)] = lineCounter.linePos(offset).line;
  };
  const visit = (node: unknown, segments: KeySegment[]): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const child = [...segments, String(pair.key.value)];
        record(child, pair.key.range?.[0]);
        visit(pair.value, child);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const child = [...segments, index];
        record(child, (item as Node | null)?.range?.[0]);
        visit(item, child);
      });
    }
  };
  visit(root, []);
  return lines;
}
