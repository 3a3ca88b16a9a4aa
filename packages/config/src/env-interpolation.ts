import { formatKeyPath } from './key-path.js';
import type { KeySegment } from './key-path.js';
import type { PathWarning } from './findings.js';
import { isMapping } from './is-mapping.js';

/**
 * `${NAME}`, `${NAME:-fallback}` (used when NAME is unset or empty) and `$${` for a literal
 * `${`. Anything else, such as `${not a name}`, is left as written.
 */
const placeholder = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Upstream's `${cwd}` stands for the agent's own workspace, which only exists once the run
 * starts; it is kept as written for whoever launches the agent's MCP servers to replace.
 */
const workspacePlaceholder = 'cwd';

export interface InterpolationResult {
  value: unknown;
  warnings: PathWarning[];
  /** Key paths whose value came from the environment: their values are never echoed in messages. */
  interpolatedPaths: Set<string>;
}

/**
 * Replaces environment placeholders in every string value (keys are left alone). A variable
 * that is not set becomes an empty string with a warning naming the key path, not an error:
 * validating a configuration must work on a machine that does not hold its secrets.
 */
export function interpolateEnvironment(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
): InterpolationResult {
  const warnings: PathWarning[] = [];
  const interpolatedPaths = new Set<string>();

  const replaceIn = (text: string, segments: KeySegment[]): string => {
    let replaced = false;
    const result = text.replace(placeholder, (whole, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      if (name === workspacePlaceholder) return whole;
      replaced = true;
      const found = env[name];
      if (found !== undefined && (found !== '' || fallback === undefined)) return found;
      if (fallback !== undefined) return fallback;
      warnings.push({
        code: 'missing-env-var',
        segments,
        message: `environment variable ${name} is not set (neither in the environment nor in .env); it is replaced by an empty string`,
      });
      return '';
    });
    if (replaced) interpolatedPaths.add(formatKeyPath(segments));
    return result;
  };

  const visit = (current: unknown, segments: KeySegment[]): unknown => {
    if (typeof current === 'string') return current.includes('${') ? replaceIn(current, segments) : current;
    if (Array.isArray(current)) return current.map((item, index) => visit(item, [...segments, index]));
    if (isMapping(current)) {
      return Object.fromEntries(Object.entries(current).map(([key, child]) => [key, visit(child, [...segments, key])]));
    }
    return current;
  };

  return { value: visit(value, []), warnings, interpolatedPaths };
}
