import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { MassGenError, toMassGenError } from './massgen-error.js';

describe('MassGenError', () => {
  it('is recognised by its marker, as a copy from another installed version would be', () => {
    const foreign = Object.assign(new Error('from another copy'), { [Symbol.for('massgen.error')]: true });
    expect(MassGenError.isInstance(foreign)).toBe(true);
    expect(MassGenError.isInstance(new Error('plain'))).toBe(false);
    expect(MassGenError.isInstance(undefined)).toBe(false);
  });

  it('serialises its code, retry advice and attribution, never its cause', () => {
    const error = new MassGenError({
      code: 'BACKEND_RATE_LIMIT',
      message: 'slow down',
      retryable: true,
      retryAfterMs: 2000,
      provider: 'openai',
      statusCode: 429,
      cause: new Error('secret detail'),
    });
    expect(error.withAgent('alpha').toJSON()).toEqual({
      code: 'BACKEND_RATE_LIMIT',
      message: 'slow down',
      retryable: true,
      retryAfterMs: 2000,
      agentId: 'alpha',
      provider: 'openai',
      statusCode: 429,
    });
  });

  it('is not retryable unless the classifier says so', () => {
    expect(new MassGenError({ code: 'BACKEND_SERVER', message: 'boom' }).retryable).toBe(false);
  });
});

describe('toMassGenError', () => {
  it('keeps a MassGenError as it is', () => {
    const error = new MassGenError({ code: 'TIMEOUT', message: 'late' });
    expect(toMassGenError(error)).toBe(error);
  });

  it('turns an abort into ABORTED and anything else into a non-retryable INTERNAL error', () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    expect(toMassGenError(abort).code).toBe('ABORTED');
    expect(toMassGenError('text thrown')).toMatchObject({ code: 'INTERNAL', message: 'text thrown', retryable: false });
  });
});

describe('ConfigError', () => {
  it('names the file, each key path, its line and what was expected', () => {
    const error = new ConfigError({
      file: 'team.yaml',
      issues: [
        { path: 'agents[0].backend.temperature', line: 6, message: 'expected a number between 0 and 2, got "hot"' },
        { path: '', message: 'expected "agents:" or "agent:"' },
      ],
    });
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe(
      'Invalid configuration in team.yaml:\n  - agents[0].backend.temperature (line 6): expected a number between 0 and 2, got "hot"\n  - expected "agents:" or "agent:"',
    );
  });

  it('puts a single issue on one line', () => {
    expect(
      new ConfigError({
        issues: [
          { path: 'orchestrator.max_rounds', message: 'expected a whole number of at least 1', line: 3, column: 15 },
        ],
      }).message,
    ).toBe('Invalid configuration: orchestrator.max_rounds (line 3, column 15): expected a whole number of at least 1');
  });
});
