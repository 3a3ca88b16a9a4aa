import { describe, expect, it } from 'vitest';
import { parseSessionInput } from './session-commands.js';

describe('parseSessionInput', () => {
  it('tells commands from questions', () => {
    expect(parseSessionInput('  What is 2+2? ')).toEqual({ kind: 'question', text: 'What is 2+2?' });
    expect(parseSessionInput('/RESET')).toEqual({ kind: 'reset' });
    expect(parseSessionInput('/exit')).toEqual({ kind: 'quit' });
    expect(parseSessionInput('/status now')).toEqual({ kind: 'status' });
    expect(parseSessionInput('   ')).toEqual({ kind: 'empty' });
  });

  it('names an unknown command and lets // escape a leading slash', () => {
    expect(parseSessionInput('/nope')).toEqual({ kind: 'unknown', command: '/nope' });
    expect(parseSessionInput('//usr is where?')).toEqual({ kind: 'question', text: '/usr is where?' });
  });
});
