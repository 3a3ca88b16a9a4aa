import { MassGenError } from './massgen-error.js';

/** One problem found in a configuration file. */
export interface ConfigIssue {
  /** Key path in the file, such as `agents[1].backend.temperature`. Empty for the whole file. */
  path: string;
  /** What was expected, in words a user understands. */
  message: string;
  /** 1-based line in the file, when it is known. */
  line?: number;
  column?: number;
  /** The named list items on the path, for people: `agent "bob"`, `mcp_servers "search"`. */
  items?: readonly string[];
}

/**
 * A configuration that cannot be used. Its message names the file, each key path, the line
 * where known and what was expected, so the user can fix it without reading a stack trace.
 */
export class ConfigError extends MassGenError {
  readonly file: string | undefined;
  readonly issues: readonly ConfigIssue[];

  constructor(options: {
    file?: string;
    issues: ConfigIssue[];
    code?: 'CONFIG_INVALID' | 'CONFIG_NOT_FOUND';
    cause?: unknown;
  }) {
    super({
      code: options.code ?? 'CONFIG_INVALID',
      message: formatConfigIssues(options.file, options.issues),
      retryable: false,
      cause: options.cause,
    });
    this.file = options.file;
    this.issues = options.issues;
  }
}

/**
 * `agents[1].backend.model (agent "bob", line 7): missing; expected ...`: the key path once, then
 * the named list items and the line, then what was found and expected. Warnings read the same.
 */
export function formatConfigIssue(issue: Omit<ConfigIssue, 'path'> & { path?: string | undefined }): string {
  const position =
    issue.line === undefined
      ? []
      : [`line ${issue.line}${issue.column === undefined ? '' : `, column ${issue.column}`}`];
  const context = [...(issue.items ?? []), ...position];
  const where = context.length === 0 ? '' : ` (${context.join(', ')})`;
  return issue.path === undefined || issue.path === ''
    ? `${issue.message}${where}`
    : `${issue.path}${where}: ${issue.message}`;
}

function formatConfigIssues(file: string | undefined, issues: ConfigIssue[]): string {
  const head = file === undefined ? 'Invalid configuration' : `Invalid configuration in ${file}`;
  if (issues.length === 1 && issues[0] !== undefined) return `${head}: ${formatConfigIssue(issues[0])}`;
  return [`${head}:`, ...issues.map((issue) => `  - ${formatConfigIssue(issue)}`)].join('\n');
}
