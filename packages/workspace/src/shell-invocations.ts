import type sh from 'mvdan-sh';
import { unwrap } from './command-wrappers.js';
import { literalValue } from './shell-word.js';
import { nodeType, parseShell, sourceOf, walkShell } from './shell-syntax.js';

/** One program a command line runs, as the lists judge it. */
export interface Invocation {
  /** The program as written, quotes and escapes removed; `undefined` when computed at run time. */
  program: string | undefined;
  /** Each argument's value, or its source text when it is computed at run time. */
  args: string[];
  /** Where it comes from, for messages: the simple command's source text. */
  source: string;
  /** It runs another command (listed as well), so an allow list need not name it. */
  wrapper: boolean;
  /** Why the lists cannot judge what it runs, when they cannot. */
  opaque?: string;
}

/** Scripts nested deeper than this (`sh -c "sh -c '...'"`) are refused rather than followed. */
const maximumNesting = 4;

/**
 * Every program a command line can run: each simple command wherever it stands (after `;`,
 * `&&`, `|`, in `if`/`then`/`else`, loops, `case`, functions, subshells, and command
 * substitutions in arguments, assignments, redirections and here-documents), what wrappers such
 * as `timeout` or `xargs` run, and the commands inside `sh -c '...'` and `eval`.
 */
export function listInvocations(commandLine: string, depth = 0): Invocation[] {
  const file = parseShell(commandLine);
  const invocations: Invocation[] = [];
  walkShell(file, (node) => {
    if (nodeType(node) !== 'CallExpr') return;
    const call = node as sh.CallExpr;
    const words = call.Args.filter((word): word is sh.Word => word !== null);
    if (words.length === 0) return;
    const values = words.map(literalValue);
    const source = sourceOf(call, commandLine);
    invocations.push(
      ...resolve(
        values,
        words.map((word) => sourceOf(word, commandLine)),
        source,
        depth,
      ),
    );
  });
  return invocations;
}

function resolve(
  values: ReadonlyArray<string | undefined>,
  texts: readonly string[],
  source: string,
  depth: number,
): Invocation[] {
  const [program, ...rest] = values;
  const args = rest.map((value, index) => value ?? texts[index + 1] ?? '');
  if (program === undefined) return [{ program: undefined, args, source, wrapper: false }];
  const inner = unwrap(program.slice(program.lastIndexOf('/') + 1), rest);
  switch (inner.kind) {
    case 'none':
      return [{ program, args, source, wrapper: false }];
    case 'opaque':
      return [{ program, args, source, wrapper: false, opaque: inner.reason }];
    case 'command': {
      const offset = values.length - inner.words.length;
      return [{ program, args, source, wrapper: true }, ...resolve(inner.words, texts.slice(offset), source, depth)];
    }
    case 'script': {
      if (inner.script === undefined)
        return [
          { program, args, source, wrapper: false, opaque: `the script ${program} runs is computed when it runs` },
        ];
      if (depth >= maximumNesting)
        return [
          { program, args, source, wrapper: false, opaque: `shells are nested more than ${maximumNesting} deep` },
        ];
      return [{ program, args, source, wrapper: true }, ...listInvocations(inner.script, depth + 1)];
    }
  }
}
