import { describe, expect, it } from 'vitest';
import { keyAction } from './key-bindings.js';
import { editText } from './text-input.js';

describe('editText', () => {
  it('adds typed and pasted text, with line breaks and control characters dropped', () => {
    expect(editText('Use ', 'metric', {})).toEqual({ type: 'change', text: 'Use metric' });
    expect(editText('a', 'b\r\nc\u0007', {})).toEqual({ type: 'change', text: 'ab c' });
  });

  it('takes the last character away on Backspace, submits trimmed on Enter, discards on Escape', () => {
    expect(editText('né', '', { backspace: true })).toEqual({ type: 'change', text: 'n' });
    expect(editText('  hi  ', '', { return: true })).toEqual({ type: 'submit', text: 'hi' });
    expect(editText('hi', '', { escape: true })).toEqual({ type: 'discard' });
  });

  it('ignores arrows and shortcuts', () => {
    expect(editText('hi', '', { upArrow: true })).toEqual({ type: 'none' });
    expect(editText('hi', 'x', { ctrl: true })).toEqual({ type: 'none' });
  });
});

describe('keyAction for messages', () => {
  it('starts a message on m', () => {
    expect(keyAction('m', {}, { focused: false, agentCount: 2, pageLines: 10 })).toEqual({ type: 'compose' });
  });
});
