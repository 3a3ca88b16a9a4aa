import { z } from 'zod';
import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';

const contentPartSchema = z.object({
  type: z.string({ error: 'expected a content part type such as "text"' }),
  text: z.string({ error: 'expected the text of the part as a string' }).optional(),
  image_url: z
    .object(
      { url: z.string({ error: 'expected the image URL or data URL as a string' }) },
      { error: 'expected an object with "url"' },
    )
    .optional(),
  input_audio: z
    .object(
      {
        data: z.string({ error: 'expected the recording in base64' }),
        format: z.enum(['wav', 'mp3'], { error: 'expected "wav" or "mp3"' }),
      },
      { error: 'expected an object with "data" and "format"' },
    )
    .optional(),
  file: z
    .object(
      {
        file_data: z.string({ error: 'expected the file as a base64 data URL' }).optional(),
        filename: z.string({ error: 'expected the file name as a string' }).optional(),
        file_id: z.string({ error: 'expected a string' }).optional(),
      },
      { error: 'expected an object with "file_data" and "filename"' },
    )
    .optional(),
});

const messageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function'], {
    error: 'expected one of "system", "developer", "user" or "assistant"',
  }),
  content: z
    .union([z.string(), z.array(contentPartSchema)], { error: 'expected a string or an array of content parts' })
    .nullish(),
  name: z.string({ error: 'expected a string' }).optional(),
});

const toolSchema = z.object({
  type: z.string({ error: 'expected a tool type such as "function"' }),
  function: z
    .object(
      { name: z.string({ error: 'expected the tool name as a string' }) },
      { error: 'expected an object with the function\'s "name"' },
    )
    .optional(),
});

const optionalNumber = z.number({ error: 'expected a number' }).nullish();
const optionalTokenCount = z
  .number({ error: 'expected a whole number of tokens' })
  .int({ error: 'expected a whole number of tokens' })
  .positive({ error: 'expected a positive number of tokens' })
  .nullish();

/**
 * The Chat Completions fields this server reads, and the common sampling fields checked for
 * their type only (they are accepted and not applied). Any other field is ignored.
 */
export function createChatRequestSchema(maxMessages: number) {
  return z.object({
    model: z
      .string({ error: 'expected the id of a model listed by GET /v1/models, such as "massgen"' })
      .min(1, { error: 'expected the id of a model listed by GET /v1/models, such as "massgen"' }),
    messages: z
      .array(messageSchema, { error: 'expected an array of messages' })
      .min(1, { error: 'expected at least one message' })
      .max(maxMessages, { error: `expected at most ${maxMessages} messages` }),
    stream: z.boolean({ error: 'expected true or false' }).nullish(),
    stream_options: z
      .object(
        { include_usage: z.boolean({ error: 'expected true or false' }).nullish() },
        { error: 'expected an object' },
      )
      .nullish(),
    tools: z.array(toolSchema, { error: 'expected an array of tools' }).nullish(),
    n: z.literal(1, { error: 'MassGen gives one answer per request, so n must be 1' }).nullish(),
    temperature: optionalNumber,
    top_p: optionalNumber,
    max_tokens: optionalTokenCount,
    max_completion_tokens: optionalTokenCount,
    // A session to continue (see served-sessions.ts); OpenAI's own uses of these fields are ignored.
    user: z.string({ error: 'expected a string' }).nullish(),
    metadata: z
      .object(
        { session_id: z.string({ error: 'expected the session id as a string' }).optional() },
        { error: 'expected an object of string values' },
      )
      .catchall(z.unknown())
      .nullish(),
  });
}

export type ChatRequestSchema = ReturnType<typeof createChatRequestSchema>;
export type ChatRequest = z.infer<ChatRequestSchema>;
export type ChatMessage = ChatRequest['messages'][number];
export type ChatContentPart = Exclude<ChatMessage['content'], string | null | undefined>[number];

export type ParsedChatRequest = { ok: true; request: ChatRequest } | { ok: false; error: ApiError };

/** Validates a parsed JSON body and reports the first problem with the field's path as `param`. */
export function parseChatRequest(schema: ChatRequestSchema, body: unknown): ParsedChatRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      error: badRequest('The request body must be a JSON object with "model" and "messages".', 'invalid_type'),
    };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  const [issue] = result.error.issues;
  if (issue === undefined) return { ok: false, error: badRequest('The request is invalid.', 'invalid_value') };
  const param = formatParam(issue.path);
  if (valueAt(body, issue.path) === undefined) {
    return {
      ok: false,
      error: badRequest(`Missing required parameter: '${param}'.`, 'missing_required_parameter', param),
    };
  }
  const code = issue.code === 'invalid_type' || issue.code === 'invalid_union' ? 'invalid_type' : 'invalid_value';
  return { ok: false, error: badRequest(`Invalid '${param}': ${issue.message}.`, code, param) };
}

/** `['messages', 2, 'content']` → `messages[2].content`, the way OpenAI names parameters. */
export function formatParam(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );
}

function valueAt(body: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
