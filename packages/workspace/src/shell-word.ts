import type sh from 'mvdan-sh';
import { nodeType } from './shell-syntax.js';

/**
 * The value a shell word has before anything runs, with quotes and backslashes removed
 * (`\rm`, `r''m` and `"rm"` are all `rm`), or `undefined` when the shell computes it while
 * running: parameter and command substitution, arithmetic, globbing (`r?`), tilde and brace
 * expansion, and `$'...'`, which `/bin/sh` reads differently depending on which shell it is.
 */
export function literalValue(word: sh.Word): string | undefined {
  let value = '';
  for (const [index, part] of word.Parts.entries()) {
    const piece = literalPart(part, index === 0);
    if (piece === undefined) return undefined;
    value += piece;
  }
  return value;
}

function literalPart(part: sh.WordPart, first: boolean): string | undefined {
  switch (nodeType(part)) {
    case 'Lit':
      return unquotedLiteral((part as sh.Lit).Value, first);
    case 'SglQuoted': {
      const quoted = part as sh.SglQuoted;
      return quoted.Dollar ? undefined : quoted.Value;
    }
    case 'DblQuoted': {
      const quoted = part as sh.DblQuoted;
      if (quoted.Dollar) return undefined;
      let value = '';
      for (const inner of quoted.Parts) {
        if (nodeType(inner) !== 'Lit') return undefined;
        value += (inner as sh.Lit).Value.replace(/\\([$`"\\\n])/g, (_, escaped: string) =>
          escaped === '\n' ? '' : escaped,
        );
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** An unquoted run of characters: backslash escapes the next one; unescaped `$ * ? [ { }` and a leading `~` expand. */
function unquotedLiteral(text: string, first: boolean): string | undefined {
  let value = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charAt(index);
    if (character === '\\') {
      const next = text.charAt(index + 1);
      if (next !== '\n') value += next;
      index += 1;
    } else if ('$*?[{}'.includes(character) || (character === '~' && first && index === 0)) {
      return undefined;
    } else {
      value += character;
    }
  }
  return value;
}
