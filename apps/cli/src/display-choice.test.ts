import { describe, expect, it } from 'vitest';
import { chooseDisplay } from './display-choice.js';

const terminal = {
  configured: 'textual' as const,
  displayFlag: true,
  stdoutIsTerminal: true,
  env: { TERM: 'xterm-256color' },
};

describe('chooseDisplay', () => {
  it('shows the live UI in a terminal for textual and rich', () => {
    expect(chooseDisplay(terminal)).toBe('live');
    expect(chooseDisplay({ ...terminal, configured: 'rich' })).toBe('live');
  });

  it('falls back to plain lines when stdout is not a terminal', () => {
    expect(chooseDisplay({ ...terminal, stdoutIsTerminal: false })).toBe('simple');
  });

  it('falls back to plain lines on a dumb terminal and in CI', () => {
    expect(chooseDisplay({ ...terminal, env: { TERM: 'dumb' } })).toBe('simple');
    expect(chooseDisplay({ ...terminal, env: { CI: 'true' } })).toBe('simple');
    expect(chooseDisplay({ ...terminal, env: { CI: 'false' } })).toBe('live');
  });

  it('follows the configured simple and none displays', () => {
    expect(chooseDisplay({ ...terminal, configured: 'simple' })).toBe('simple');
    expect(chooseDisplay({ ...terminal, configured: 'none' })).toBe('silent');
  });

  it('lets --no-display win over everything', () => {
    expect(chooseDisplay({ ...terminal, displayFlag: false })).toBe('quiet');
    expect(chooseDisplay({ ...terminal, configured: 'none', displayFlag: false })).toBe('quiet');
  });
});
