import type { CST } from 'yaml';
import { isMapping } from './is-mapping.js';

/**
 * Deepest collection nesting in a YAML concrete syntax tree, measured without recursion so
 * that hostile depth cannot overflow the stack here either. Stops counting past `limit`.
 */
export function syntaxTreeDepth(root: CST.Token, limit: number): number {
  let deepest = 0;
  const pending: Array<{ token: CST.Token | undefined; depth: number }> = [{ token: root, depth: 0 }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const { token, depth } = entry;
    if (token === undefined) continue;
    if (token.type === 'document') {
      pending.push({ token: token.value, depth });
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    const inner = depth + 1;
    deepest = Math.max(deepest, inner);
    if (deepest > limit) return deepest;
    for (const item of token.items) {
      if ('key' in item) pending.push({ token: item.key ?? undefined, depth: inner });
      pending.push({ token: item.value, depth: inner });
    }
  }
  return deepest;
}

/** What is wrong with the shape of a built value, if anything. */
export type ValueShapeProblem = 'too-deep' | 'too-large';

/**
 * Checks a built value against the depth and size limits. A YAML alias can refer to a
 * mapping that holds it, which makes the value infinitely deep; aliases can also repeat a
 * large value many times. Either would send every later walk into a loop or a very long run.
 */
export function findValueShapeProblem(
  value: unknown,
  limits: { depth: number; nodes: number },
): ValueShapeProblem | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let visited = 0;
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    visited += 1;
    if (visited > limits.nodes) return 'too-large';
    const { value: current, depth } = entry;
    if (!Array.isArray(current) && !isMapping(current)) continue;
    if (depth >= limits.depth) return 'too-deep';
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}
