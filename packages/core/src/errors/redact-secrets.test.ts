import { describe, expect, it } from 'vitest';
import { MassGenError } from './massgen-error.js';
import { redactDeep, redactError, redactText } from './redact-secrets.js';

describe('redactText', () => {
  it('replaces every occurrence, the longest secret first so one containing another goes whole', () => {
    expect(
      redactText('key brave-123456 and Bearer abcdefgh, again brave-123456', [
        'abcdefgh',
        'Bearer abcdefgh',
        'brave-123456',
      ]),
    ).toBe('key [redacted] and [redacted], again [redacted]');
  });

  it('leaves values too short to be told from ordinary text', () => {
    expect(redactText('the key abc is short', ['abc', ''])).toBe('the key abc is short');
  });
});

describe('redactDeep', () => {
  it('redacts every string of an event, keys and other values kept', () => {
    const event = { type: 'warning', warning: { message: 'pw hunter2-secret', lines: ['x hunter2-secret'] }, seq: 3 };
    expect(redactDeep(event, ['hunter2-secret'])).toEqual({
      type: 'warning',
      warning: { message: 'pw [redacted]', lines: ['x [redacted]'] },
      seq: 3,
    });
  });

  it('returns the value itself when there is nothing to redact', () => {
    const event = { message: 'plain' };
    expect(redactDeep(event, [])).toBe(event);
  });
});

describe('redactError', () => {
  it('keeps the code and drops the cause, which may hold the secret', () => {
    const error = new MassGenError({
      code: 'CONFIG_INVALID',
      message: 'cannot reach postgresql://massgen:hunter2-secret@db',
      cause: new Error('hunter2-secret'),
    });
    const redacted = redactError(error, ['hunter2-secret']) as MassGenError;
    expect(redacted.message).toBe('cannot reach postgresql://massgen:[redacted]@db');
    expect(redacted.code).toBe('CONFIG_INVALID');
    expect(redacted.cause).toBeUndefined();
  });
});
