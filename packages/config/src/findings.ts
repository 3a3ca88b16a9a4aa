import type { KeySegment } from './key-path.js';

/** A problem that makes the configuration unusable, located by key path segments. */
export interface PathIssue {
  segments: KeySegment[];
  message: string;
}

/** A non-fatal finding, located by key path segments; turned into a core `Warning` at the end. */
export interface PathWarning {
  code: string;
  segments: KeySegment[];
  message: string;
}
