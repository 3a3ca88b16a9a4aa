import { describe, expect, it } from 'vitest';
import { checkClientTools } from './client-tools.js';
import { toConversation } from './conversation.js';
import { remainingContent } from './final-content.js';
import { createChatRequestSchema, formatParam, parseChatRequest } from './request-schema.js';

const schema = createChatRequestSchema(3);

describe('parseChatRequest', () => {
  it('keeps the fields it reads and ignores unknown ones', () => {
    const parsed = parseChatRequest(schema, {
      model: 'massgen',
      messages: [{ role: 'user', content: 'q' }],
      stream: true,
      user: 'u-1',
      metadata: { session_id: 's-1', other: 1 },
      logit_bias: { '42': 1 },
    });
    expect(parsed).toEqual({
      ok: true,
      request: {
        model: 'massgen',
        messages: [{ role: 'user', content: 'q' }],
        stream: true,
        user: 'u-1',
        metadata: { session_id: 's-1', other: 1 },
      },
    });
  });

  it('bounds the number of messages', () => {
    const parsed = parseChatRequest(schema, {
      model: 'massgen',
      messages: Array.from({ length: 4 }, () => ({ role: 'user', content: 'q' })),
    });
    expect(parsed).toMatchObject({
      ok: false,
      error: { status: 400, param: 'messages', message: expect.stringContaining('at most 3 messages') },
    });
  });

  it('names nested parameters the way OpenAI does', () => {
    expect(formatParam(['messages', 2, 'content', 0, 'text'])).toBe('messages[2].content[0].text');
    expect(formatParam(['stream_options', 'include_usage'])).toBe('stream_options.include_usage');
  });
});

describe('toConversation', () => {
  it('splits off the last user message as the task and maps the roles before it', async () => {
    const result = await toConversation(
      [
        { role: 'developer', content: 'Be exact.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Line one' },
            { type: 'text', text: 'line two' },
          ],
        },
        { role: 'assistant', content: null },
        { role: 'user', content: 'Go on.' },
      ],
      { maxAttachments: 10, maxAttachmentBytes: 1024 },
    );
    expect(result).toEqual({
      ok: true,
      task: 'Go on.',
      attachments: [],
      history: [
        { role: 'system', content: 'Be exact.' },
        { role: 'user', content: 'Line one\nline two' },
        { role: 'assistant', content: '' },
      ],
    });
  });
});

describe('checkClientTools', () => {
  it('lets ordinary tools through and names the reserved one', () => {
    expect(
      checkClientTools([{ type: 'function', function: { name: 'search' } }, { type: 'web_search' }]),
    ).toBeUndefined();
    expect(checkClientTools([{ type: 'function', function: { name: 'new_answer' } }])).toMatchObject({
      status: 400,
      param: 'tools[0].function.name',
      code: 'reserved_tool_name',
    });
  });
});

describe('remainingContent', () => {
  it('sends what the deltas have not, or restates the answer after a failed presentation', () => {
    expect(remainingContent('', 'Four.')).toBe('Four.');
    expect(remainingContent('Fo', 'Four.')).toBe('ur.');
    expect(remainingContent('Four.', 'Four.')).toBe('');
    expect(remainingContent('The answ', 'Four.')).toBe('\n\nFour.');
  });
});
