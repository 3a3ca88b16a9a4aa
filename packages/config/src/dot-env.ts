import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@massgen/core';

const assignment = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=[ \t]*/;
const doubleQuoteEscapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', $: '$' };

/**
 * Parses `.env` text: `KEY=value` lines, an optional `export ` prefix, `#` comments (whole
 * lines, or after whitespace in an unquoted value), single quotes (literal), double quotes
 * (with `\n`, `\t`, `\"`, `\\` escapes) and quoted values that span lines. Lines that are not
 * assignments are skipped, as other `.env` readers do. A later assignment wins.
 */
export function parseDotEnv(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  const source = text.replace(/\r\n?/g, '\n');
  let offset = 0;
  while (offset < source.length) {
    const lineEnd = endOfLine(source, offset);
    const match = assignment.exec(source.slice(offset, lineEnd));
    if (match === null) {
      offset = lineEnd + 1;
      continue;
    }
    const name = match[1]!;
    const valueStart = offset + match[0].length;
    const quote = source[valueStart];
    if (quote === '"' || quote === "'") {
      const closing = findClosingQuote(source, valueStart + 1, quote);
      if (closing !== -1) {
        const raw = source.slice(valueStart + 1, closing);
        variables[name] = quote === '"' ? unescapeDoubleQuoted(raw) : raw;
        offset = endOfLine(source, closing) + 1;
        continue;
      }
    }
    variables[name] = stripInlineComment(source.slice(valueStart, lineEnd)).trim();
    offset = lineEnd + 1;
  }
  return variables;
}

/**
 * Reads `.env` from a directory. A missing file is an empty environment; a file that exists
 * but cannot be read is an error, because silently running without its keys would mislead.
 */
export function loadDotEnv(cwd: string): Record<string, string> {
  const file = path.join(cwd, '.env');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return {};
    throw new ConfigError({
      file,
      cause: error,
      issues: [
        {
          path: '',
          message: `cannot read the .env file (${code ?? 'unknown error'}); expected a readable KEY=value file`,
        },
      ],
    });
  }
  return parseDotEnv(text);
}

function endOfLine(source: string, offset: number): number {
  const newline = source.indexOf('\n', offset);
  return newline === -1 ? source.length : newline;
}

function findClosingQuote(source: string, from: number, quote: string): number {
  for (let index = from; index < source.length; index += 1) {
    if (quote === '"' && source[index] === '\\') index += 1;
    else if (source[index] === quote) return index;
  }
  return -1;
}

function unescapeDoubleQuoted(raw: string): string {
  return raw.replace(/\\(.)/g, (whole, character: string) => doubleQuoteEscapes[character] ?? whole);
}

function stripInlineComment(value: string): string {
  const comment = /(^|\s)#/.exec(value);
  return comment === null ? value : value.slice(0, comment.index);
}
