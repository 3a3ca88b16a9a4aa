import type { StandardIssue } from './tool-input-schema.js';

/** Each problem with its place in the input (`edits[2].path: ...`), joined for one message. */
export function describeInputIssues(issues: ReadonlyArray<StandardIssue>): string {
  return issues
    .map((issue) => {
      const where = formatInputPath(issue.path ?? []);
      return where === '' ? issue.message : `${where}: ${issue.message}`;
    })
    .join('; ');
}

function formatInputPath(path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>): string {
  let text = '';
  for (const segment of path) {
    const key = typeof segment === 'object' ? segment.key : segment;
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}
