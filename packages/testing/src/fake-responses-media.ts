import { isRejection, readFileData, readImageUrl } from './fake-chat-media.js';
import type { ContentPartsReading } from './fake-chat-media.js';
import type { FakeRejection } from './fake-openai-route.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';
import { isRecord } from './fake-media.js';
import type { FakeMedia } from './fake-media.js';

const inputPartTypes = [
  'input_text',
  'input_image',
  'output_text',
  'refusal',
  'input_file',
  'computer_screenshot',
  'summary_text',
];

function refuse(message: string, code: string, param: string): FakeRejection {
  return { status: 400, body: openAIErrorBody(message, 'invalid_request_error', code, param) };
}

function readInputPart(part: unknown, param: string): FakeMedia | FakeRejection | undefined {
  if (!isRecord(part)) return refuse(`Invalid type for '${param}': expected an object.`, 'invalid_type', param);
  const type = part['type'];
  if (typeof type !== 'string' || !inputPartTypes.includes(type)) {
    return refuse(
      `Invalid value: '${String(type)}'. Supported values are: ${inputPartTypes.map((name) => `'${name}'`).join(', ')}.`,
      'invalid_value',
      `${param}.type`,
    );
  }
  if (type === 'input_image') {
    if (typeof part['file_id'] === 'string') return { kind: 'image', mediaType: 'image/*' };
    return readImageUrl(part['image_url'], `${param}.image_url`);
  }
  if (type !== 'input_file') return undefined;
  if (typeof part['file_id'] === 'string') return { kind: 'file', mediaType: 'application/octet-stream' };
  if (typeof part['file_url'] === 'string')
    return { kind: 'file', mediaType: 'application/pdf', url: part['file_url'] };
  if (part['file_data'] !== undefined && typeof part['filename'] !== 'string') {
    return refuse(
      `Missing required parameter: '${param}.filename'. A filename is required with file_data.`,
      'missing_required_parameter',
      `${param}.filename`,
    );
  }
  return readFileData(part['file_data'], part['filename'], `${param}.file_data`);
}

/**
 * The media in a Responses request's input messages (`input_image`, `input_file`), and the
 * first part the API would refuse: an unknown part type (audio has none in this API), an image
 * that is not PNG, JPEG, GIF or WebP, a file without its name or that is not a PDF data URL.
 */
export function readResponsesContentParts(items: readonly Record<string, unknown>[]): ContentPartsReading {
  const media: FakeMedia[] = [];
  for (const [index, item] of items.entries()) {
    if ((item['type'] ?? 'message') !== 'message' || !Array.isArray(item['content'])) continue;
    for (const [position, part] of item['content'].entries()) {
      const read = readInputPart(part, `input[${index}].content[${position}]`);
      if (read === undefined) continue;
      if (isRejection(read)) return { media, rejection: read };
      media.push(read);
    }
  }
  return { media };
}
