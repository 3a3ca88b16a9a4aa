import { describe, expect, it } from 'vitest';
import { keyAction, stepFocus } from './key-bindings.js';

const overview = { focused: false, agentCount: 3, pageLines: 10 };
const focused = { ...overview, focused: true };

describe('keyAction', () => {
  it('maps the run keys', () => {
    expect(keyAction('a', {}, overview)).toEqual({ type: 'answer-now' });
    expect(keyAction('q', {}, overview)).toEqual({ type: 'cancel' });
    expect(keyAction('c', { ctrl: true }, overview)).toEqual({ type: 'cancel' });
  });

  it('focuses an agent by number, only an agent that exists', () => {
    expect(keyAction('2', {}, overview)).toEqual({ type: 'focus', index: 1 });
    expect(keyAction('4', {}, overview)).toBeUndefined();
  });

  it('leaves the focus view with Escape', () => {
    expect(keyAction('', { escape: true }, focused)).toEqual({ type: 'unfocus' });
    expect(keyAction('', { escape: true }, overview)).toBeUndefined();
  });

  it('scrolls with the arrows and page keys only in the focus view', () => {
    expect(keyAction('', { upArrow: true }, focused)).toEqual({ type: 'scroll', lines: 1 });
    expect(keyAction('', { pageDown: true }, focused)).toEqual({ type: 'scroll', lines: -10 });
    expect(keyAction('', { upArrow: true }, overview)).toBeUndefined();
    expect(keyAction('', { rightArrow: true }, overview)).toEqual({ type: 'focus-step', delta: 1 });
  });

  it('ignores other control keys', () => {
    expect(keyAction('a', { ctrl: true }, overview)).toBeUndefined();
    expect(keyAction('x', {}, overview)).toBeUndefined();
  });
});

describe('stepFocus', () => {
  it('wraps around and enters from the overview at either end', () => {
    expect(stepFocus(2, 1, 3)).toBe(0);
    expect(stepFocus(0, -1, 3)).toBe(2);
    expect(stepFocus(undefined, 1, 3)).toBe(0);
    expect(stepFocus(undefined, -1, 3)).toBe(2);
    expect(stepFocus(undefined, 1, 0)).toBeUndefined();
  });
});
