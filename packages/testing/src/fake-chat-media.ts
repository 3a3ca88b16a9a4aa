import type { FakeRejection } from './fake-openai-route.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';
import { bytesMatchType, isRecord, parseBase64DataUrl } from './fake-media.js';
import type { FakeMedia } from './fake-media.js';

/** What a request's content parts hold, and the first reason OpenAI would refuse them. */
export interface ContentPartsReading {
  media: FakeMedia[];
  rejection?: FakeRejection;
}

const imageFormats = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

function refuse(message: string, code: string, param: string): FakeRejection {
  return { status: 400, body: openAIErrorBody(message, 'invalid_request_error', code, param) };
}

/** An image by URL or data URL, as both of OpenAI's APIs check it. */
export function readImageUrl(url: unknown, param: string): FakeMedia | FakeRejection {
  if (typeof url !== 'string' || url === '')
    return refuse(`Missing required parameter: '${param}'.`, 'missing_required_parameter', param);
  if (/^https?:\/\//.test(url)) return { kind: 'image', mediaType: 'image/*', url };
  const data = parseBase64DataUrl(url);
  if (data === undefined || !imageFormats.includes(data.mediaType) || !bytesMatchType(data.bytes, data.mediaType)) {
    return refuse(
      "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
      'invalid_image_format',
      param,
    );
  }
  return { kind: 'image', mediaType: data.mediaType, bytes: data.bytes };
}

/** A PDF as a base64 data URL, as both of OpenAI's APIs check it. */
export function readFileData(fileData: unknown, filename: unknown, param: string): FakeMedia | FakeRejection {
  const data = parseBase64DataUrl(fileData);
  if (data === undefined || data.mediaType !== 'application/pdf') {
    return refuse(
      `Invalid file data: '${param}'. Expected a base64-encoded data URL with an application/pdf MIME type (e.g. 'data:application/pdf;base64,SGVsbG8sIFdvcmxkIQ=='), but got ${typeof fileData === 'string' ? 'an unsupported value' : 'none'}.`,
      'invalid_value',
      param,
    );
  }
  if (!bytesMatchType(data.bytes, data.mediaType))
    return refuse(`The file '${param}' is not a valid PDF.`, 'invalid_value', param);
  return {
    kind: 'file',
    mediaType: data.mediaType,
    bytes: data.bytes,
    ...(typeof filename === 'string' ? { filename } : {}),
  };
}

export function isRejection(value: FakeMedia | FakeRejection): value is FakeRejection {
  return 'status' in value;
}

const chatPartTypes = ['text', 'image_url', 'input_audio', 'refusal', 'file'];

function readChatPart(part: unknown, role: string, param: string): FakeMedia | FakeRejection | undefined {
  if (!isRecord(part)) return refuse(`Invalid type for '${param}': expected an object.`, 'invalid_type', param);
  const type = part['type'];
  if (typeof type !== 'string' || !chatPartTypes.includes(type)) {
    return refuse(
      `Invalid value: '${String(type)}'. Supported values are: 'text', 'image_url', 'input_audio', 'refusal', and 'file'.`,
      'invalid_value',
      `${param}.type`,
    );
  }
  if (type === 'text') {
    return typeof part['text'] === 'string'
      ? undefined
      : refuse(`Missing required parameter: '${param}.text'.`, 'missing_required_parameter', `${param}.text`);
  }
  if (type === 'refusal') return undefined;
  if (role !== 'user') {
    return refuse(
      `Invalid '${param}'. Content of type '${type}' is only allowed for messages with role 'user', but this message has role '${role}'.`,
      'invalid_value',
      param,
    );
  }
  if (type === 'image_url') {
    const image = part['image_url'];
    return readImageUrl(isRecord(image) ? image['url'] : undefined, `${param}.image_url.url`);
  }
  if (type === 'input_audio') {
    const audio = isRecord(part['input_audio']) ? part['input_audio'] : {};
    const format = audio['format'];
    if (format !== 'wav' && format !== 'mp3') {
      return refuse(
        `Invalid value: '${String(format)}'. Supported values are: 'wav' and 'mp3'.`,
        'invalid_value',
        `${param}.input_audio.format`,
      );
    }
    const mediaType = format === 'wav' ? 'audio/wav' : 'audio/mpeg';
    const bytes = typeof audio['data'] === 'string' ? Buffer.from(audio['data'], 'base64') : undefined;
    if (bytes === undefined || !bytesMatchType(bytes, mediaType)) {
      return refuse(
        `The audio in '${param}.input_audio.data' could not be decoded as ${format}.`,
        'invalid_value',
        `${param}.input_audio.data`,
      );
    }
    return { kind: 'audio', mediaType, bytes };
  }
  const file = isRecord(part['file']) ? part['file'] : {};
  if (file['file_id'] === undefined && file['file_data'] === undefined) {
    return refuse(
      `Missing required parameter: '${param}.file.file_id'.`,
      'missing_required_parameter',
      `${param}.file.file_id`,
    );
  }
  if (typeof file['file_id'] === 'string') return { kind: 'file', mediaType: 'application/octet-stream' };
  return readFileData(file['file_data'], file['filename'], `${param}.file.file_data`);
}

/**
 * The media in a Chat Completions request's messages (`image_url`, `input_audio`, `file` parts),
 * and the first part OpenAI would refuse: an unknown part type, media outside a user message, an
 * image that is not PNG, JPEG, GIF or WebP (checked against its bytes), audio that is not WAV or
 * MP3, a file that is not a PDF data URL.
 */
export function readChatContentParts(messages: readonly unknown[]): ContentPartsReading {
  const media: FakeMedia[] = [];
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || !Array.isArray(message['content'])) continue;
    const role = String(message['role']);
    for (const [position, part] of message['content'].entries()) {
      const read = readChatPart(part, role, `messages[${index}].content[${position}]`);
      if (read === undefined) continue;
      if (isRejection(read)) return { media, rejection: read };
      media.push(read);
    }
  }
  return { media };
}
