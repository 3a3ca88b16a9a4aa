import { createRequire } from 'node:module';
import type sh from 'mvdan-sh';
import { MassGenError } from '@massgen/core';

type Syntax = typeof sh.syntax;
export type ShellFile = sh.File;
export type ShellNode = sh.Node;

let loaded: Syntax | undefined;

/**
 * mvdan/sh's parser (the one behind shfmt, as the `mvdan-sh` package), loaded on first use: it
 * is 1.5 MB of JavaScript that only a command judged against allow or block lists needs.
 */
export function shellSyntax(): Syntax {
  loaded ??= (createRequire(import.meta.url)('mvdan-sh') as typeof sh).syntax;
  return loaded;
}

/**
 * Parses a command line as POSIX shell, the language of the `/bin/sh -c` that runs it; a
 * construct only bash knows (`[[`, `$'...'`, arrays) is therefore judged as `sh` would run it.
 * A line the parser rejects is refused rather than guessed at.
 */
export function parseShell(commandLine: string): ShellFile {
  const syntax = shellSyntax();
  try {
    return syntax.NewParser(syntax.KeepComments(false), syntax.Variant(syntax.LangPOSIX)).Parse(commandLine, '');
  } catch (error) {
    const detail = (error as { Error?: () => string }).Error?.() ?? String(error);
    throw new MassGenError({
      code: 'TOOL_FAILED',
      message: `the command line is not valid POSIX shell (${detail}); commands are judged only once they parse`,
    });
  }
}

export function nodeType(node: ShellNode): string {
  return shellSyntax().NodeType(node);
}

export function walkShell(node: ShellNode, visit: (node: ShellNode) => void): void {
  shellSyntax().Walk(node, (child) => {
    if (child !== null && child !== undefined) visit(child);
    return true;
  });
}

/** The source text of a node. */
export function sourceOf(node: ShellNode, text: string): string {
  return text.slice(node.Pos().Offset(), node.End().Offset());
}
