import { ConfigError } from '@massgen/core';
import type { ConfigIssue } from '@massgen/core';
import { Composer, LineCounter, Parser } from 'yaml';
import type { YAMLError } from 'yaml';
import { maxAliasCount, maxConfigBytes, maxNestingDepth, maxValueNodes } from './config-limits.js';
import type { PathWarning } from './findings.js';
import { findValueShapeProblem, syntaxTreeDepth } from './nesting-guard.js';
import { buildLineMap } from './yaml-line-map.js';

/** A configuration file's text, parsed as YAML but not yet checked as a configuration. */
export interface YamlSource {
  /** The document's value; `null` when the file holds no value at all (empty or only comments). */
  value: unknown;
  /** 1-based line of every key path. */
  lines: Record<string, number>;
  /** Non-fatal YAML findings, such as an unknown `!tag`. */
  warnings: PathWarning[];
}

/** Syntax errors reported at once; a garbled file yields hundreds that add nothing. */
const reportedSyntaxErrors = 10;

/**
 * Parses configuration text as exactly one YAML document, refusing hostile input (binary
 * data, runaway nesting, alias bombs, recursive aliases) with a `ConfigError` before it can
 * hang or crash the process.
 */
export function parseYamlSource(text: string, file?: string): YamlSource {
  const problem = (message: string, position?: { line: number; col: number }): ConfigError =>
    new ConfigError({ file, issues: [{ path: '', message, line: position?.line, column: position?.col }] });
  const size = Buffer.byteLength(text, 'utf8');
  if (size > maxConfigBytes)
    throw problem(`the configuration is ${size} bytes; expected at most ${maxConfigBytes} bytes (1 MiB) of YAML`);
  if (text.includes('\0')) throw problem('the file contains NUL bytes; expected YAML text, not binary data');

  const lineCounter = new LineCounter();
  const tokens = Array.from(new Parser(lineCounter.addNewLine).parse(text));
  for (const token of tokens) {
    if (syntaxTreeDepth(token, maxNestingDepth) > maxNestingDepth) {
      throw problem(
        `mappings and lists are nested more than ${maxNestingDepth} levels deep; expected an ordinary configuration`,
      );
    }
  }
  const documents = Array.from(new Composer({ uniqueKeys: true, merge: true }).compose(tokens, true, text.length));
  const [document, extra] = documents;
  if (document === undefined) return { value: null, lines: {}, warnings: [] };
  if (extra !== undefined) {
    throw problem(
      `found ${documents.length} YAML documents (separated by "---"); expected one`,
      lineCounter.linePos(extra.range[0]),
    );
  }
  if (document.errors.length > 0) {
    throw new ConfigError({ file, issues: syntaxIssues(document.errors, text, lineCounter) });
  }

  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw problem(
      /alias count/i.test(reason)
        ? `YAML aliases expand more than ${maxAliasCount} times (an alias bomb?); expected a configuration without runaway aliases`
        : `YAML error: ${reason}`,
    );
  }
  const shapeProblem = findValueShapeProblem(value, { depth: maxNestingDepth, nodes: maxValueNodes });
  if (shapeProblem === 'too-deep') {
    throw problem(
      `values nest more than ${maxNestingDepth} levels deep once YAML aliases are expanded (does an alias refer to a value that contains it?); expected an ordinary configuration`,
    );
  }
  if (shapeProblem === 'too-large')
    throw problem(`YAML aliases expand to more than ${maxValueNodes} values; expected an ordinary configuration`);

  const warnings = document.warnings.map((warning): PathWarning => {
    const { line } = lineCounter.linePos(warning.pos[0]);
    return { code: 'yaml-warning', segments: [], message: `line ${line}: ${warning.message}` };
  });
  return { value: value ?? null, lines: buildLineMap(document.contents, lineCounter), warnings };
}

function syntaxIssues(errors: readonly YAMLError[], text: string, lineCounter: LineCounter): ConfigIssue[] {
  const issues = errors.slice(0, reportedSyntaxErrors).map((error): ConfigIssue => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const message =
      error.code === 'DUPLICATE_KEY'
        ? `duplicate key ${keyTextAt(text, error.pos[0])}; expected each key once per mapping`
        : `YAML syntax error: ${error.message}`;
    return { path: '', message, line, column: col };
  });
  if (errors.length > reportedSyntaxErrors) {
    issues.push({ path: '', message: `${errors.length - reportedSyntaxErrors} more YAML syntax errors not shown` });
  }
  return issues;
}

/** The key written at an offset, quoted for a message: `"max_rounds"`, or a quoted key as written. */
function keyTextAt(text: string, offset: number): string {
  const key = /^("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^:,{}[\]\n]*[^\s:,{}[\]])/.exec(text.slice(offset))?.[1];
  if (key === undefined) return 'in this mapping';
  return key.startsWith('"') || key.startsWith("'") ? key : JSON.stringify(key);
}
