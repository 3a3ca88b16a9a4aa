import type { PathIssue } from './findings.js';
import { isMapping } from './is-mapping.js';
import type { KeySegment } from './key-path.js';

/**
 * A `base_url` that carries credentials (`https://user:secret@host/v1`): HTTP clients refuse to
 * send such a request, and the secret would show wherever the URL is printed. It is a
 * configuration mistake, reported without the credentials, never a network failure retried.
 */
export function checkBackendUrls(root: Record<string, unknown>): PathIssue[] {
  const agents: Array<[unknown, KeySegment[]]> = isMapping(root['agent'])
    ? [[root['agent'], ['agent']]]
    : Array.isArray(root['agents'])
      ? root['agents'].map((agent, index): [unknown, KeySegment[]] => [agent, ['agents', index]])
      : [];
  const issues: PathIssue[] = [];
  for (const [agent, segments] of agents) {
    const backend = isMapping(agent) && isMapping(agent['backend']) ? agent['backend'] : undefined;
    const problem = urlCredentialsProblem(backend?.['base_url']);
    if (problem !== undefined) issues.push({ segments: [...segments, 'backend', 'base_url'], message: problem });
  }
  return issues;
}

/** What is wrong with a base URL that carries a user or password, without repeating them. */
export function urlCredentialsProblem(written: unknown): string | undefined {
  if (typeof written !== 'string' || !URL.canParse(written)) return undefined;
  const url = new URL(written);
  if (url.username === '' && url.password === '') return undefined;
  return `the URL carries credentials (${url.protocol}//***@${url.host}); expected the key in api_key (or a header in headers), which MassGen keeps out of logs, and the URL without user or password`;
}
