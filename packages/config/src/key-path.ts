/** One step into a configuration value: a mapping key or a list index. */
export type KeySegment = string | number;

const plainKey = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

/**
 * The key path users read in messages and that `MassGenConfig.lines` is keyed by:
 * `agents[1].backend.temperature`. Keys that are not plain words are quoted,
 * so `gemini["gemini-2.5-flash"]` stays unambiguous.
 */
export function formatKeyPath(segments: readonly KeySegment[]): string {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (plainKey.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/**
 * The line of a key path, or of its nearest ancestor that has one: a missing key is
 * reported at the mapping that should have held it.
 */
export function lineOfKeyPath(
  lines: Readonly<Record<string, number>>,
  segments: readonly KeySegment[],
): number | undefined {
  for (let length = segments.length; length > 0; length -= 1) {
    const line = lines[formatKeyPath(segments.slice(0, length))];
    if (line !== undefined) return line;
  }
  return undefined;
}
