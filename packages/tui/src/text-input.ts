import type { KeyPress } from './key-bindings.js';

/** The parts of ink's `Key` the one-line input reads, beyond those the run keys read. */
export interface TextKeyPress extends KeyPress {
  return?: boolean;
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
  tab?: boolean;
}

/** What a key press does to the line being typed. */
export type TextEdit =
  { type: 'change'; text: string } | { type: 'submit'; text: string } | { type: 'discard' } | { type: 'none' };

/**
 * One line of typed text: printable keys (and pasted text) are added, Backspace takes the last
 * character away, Enter submits, Escape discards. Line breaks in pasted text become spaces.
 */
export function editText(text: string, input: string, key: TextKeyPress): TextEdit {
  if (key.escape === true) return { type: 'discard' };
  if (key.return === true) return { type: 'submit', text: text.trim() };
  if (key.backspace === true || key.delete === true) return { type: 'change', text: [...text].slice(0, -1).join('') };
  if (key.ctrl === true || key.meta === true || key.tab === true) return { type: 'none' };
  if (key.upArrow === true || key.downArrow === true || key.leftArrow === true || key.rightArrow === true)
    return { type: 'none' };
  if (key.pageUp === true || key.pageDown === true) return { type: 'none' };
  // eslint-disable-next-line no-control-regex -- control characters are what this strips from typed text
  const typed = input.replace(/[\r\n]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
  return typed === '' ? { type: 'none' } : { type: 'change', text: text + typed };
}
