import { describe, expect, it } from 'vitest';
import { requestedSession } from './served-sessions.js';
import type { ChatRequest } from './request-schema.js';

const chat = (fields: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'massgen',
  messages: [{ role: 'user', content: 'q' }],
  ...fields,
});

describe('requestedSession', () => {
  it('takes the header first, then metadata.session_id, then user', () => {
    const all = chat({ metadata: { session_id: 'from-metadata' }, user: 'from-user' });
    expect(requestedSession({ 'x-massgen-session': 'from-header' }, all)).toMatchObject({
      ok: true,
      id: 'from-header',
    });
    expect(requestedSession({}, all)).toMatchObject({ ok: true, id: 'from-metadata', param: 'metadata.session_id' });
    expect(requestedSession({}, chat({ user: 'from-user' }))).toMatchObject({
      ok: true,
      id: 'from-user',
      param: 'user',
    });
    expect(requestedSession({}, chat())).toEqual({ ok: true });
  });

  it('refuses an id that is not one safe path segment, naming where it came from', () => {
    expect(requestedSession({}, chat({ user: '../x' }))).toMatchObject({
      ok: false,
      error: { status: 400, param: 'user', code: 'invalid_value' },
    });
    expect(requestedSession({ 'x-massgen-session': '.hidden' }, chat())).toMatchObject({
      ok: false,
      error: { param: null, message: expect.stringContaining('header x-massgen-session') },
    });
  });
});
