import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerKeyRejection, type FakeRejection } from './fake-openai-route.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';
import { lowerCaseHeaders, readBody, sendJson } from './fake-server-http.js';
import { samplePng, sampleWav } from './sample-media.js';

/** One call to the images or speech endpoint, as the fake server received it. */
export interface FakeMediaGenerationRequest {
  endpoint: 'images' | 'speech';
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

const gptImageSizes = ['auto', '1024x1024', '1536x1024', '1024x1536'];
const dallE3Sizes = ['1024x1024', '1792x1024', '1024x1792'];
const speechVoices = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse'];
const speechFormats = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'];
/** The longest `input` the speech endpoint takes. */
const maximumSpeechInput = 4096;

/** The colour of the `index`th picture the fake makes, so two pictures of one request differ. */
function pictureColour(index: number): [number, number, number] {
  return [(40 + index * 70) % 256, 120, 200];
}

/** One silent MPEG-1 Layer III frame (128 kb/s, 44.1 kHz): a file any MP3 decoder reads. */
function silentMp3Frame(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return frame;
}

function invalid(message: string, param: string | null): FakeRejection {
  return { status: 400, body: openAIErrorBody(message, 'invalid_request_error', null, param) };
}

function checkImageRequest(body: Record<string, unknown>): FakeRejection | undefined {
  const { model, prompt, n, size } = body;
  if (typeof prompt !== 'string' || prompt === '') return invalid("Missing required parameter: 'prompt'.", 'prompt');
  const name = typeof model === 'string' ? model : 'dall-e-2';
  const gptImage = name.startsWith('gpt-image');
  if (gptImage && body['response_format'] !== undefined)
    return invalid("Unknown parameter: 'response_format'.", 'response_format');
  if (n !== undefined && (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10))
    return invalid(`Invalid value for 'n': expected an integer between 1 and 10.`, 'n');
  if (name === 'dall-e-3' && n !== undefined && n !== 1)
    return invalid("Invalid 'n': integer above maximum value. Expected a value <= 1.", 'n');
  const sizes = gptImage ? gptImageSizes : name === 'dall-e-3' ? dallE3Sizes : undefined;
  if (size !== undefined && sizes !== undefined && (typeof size !== 'string' || !sizes.includes(size)))
    return invalid(
      `Invalid value: ${typeof size === 'string' ? `'${size}'` : JSON.stringify(size)}. Supported values are: ${sizes.map((each) => `'${each}'`).join(', ')}.`,
      'size',
    );
  return undefined;
}

function checkSpeechRequest(body: Record<string, unknown>): FakeRejection | undefined {
  const { model, input, voice, response_format: format } = body;
  if (typeof model !== 'string') return invalid("Missing required parameter: 'model'.", 'model');
  if (typeof input !== 'string') return invalid("Missing required parameter: 'input'.", 'input');
  if (input.length > maximumSpeechInput)
    return invalid(
      `Invalid 'input': string too long. Expected a string with maximum length ${maximumSpeechInput}, but got a string with length ${input.length} instead.`,
      'input',
    );
  if (typeof voice !== 'string') return invalid("Missing required parameter: 'voice'.", 'voice');
  if (!speechVoices.includes(voice))
    return invalid(`Invalid value for 'voice': '${voice}'. Supported values are: ${speechVoices.join(', ')}.`, 'voice');
  if (format !== undefined && (typeof format !== 'string' || !speechFormats.includes(format)))
    return invalid(`Invalid value for 'response_format': ${JSON.stringify(format)}.`, 'response_format');
  return undefined;
}

/** The bytes of speech in `format`: a real WAV or MP3 (or raw samples for `pcm`); other formats are not made here. */
function speechBytes(format: string): { bytes: Buffer; contentType: string } | undefined {
  if (format === 'wav') return { bytes: sampleWav(), contentType: 'audio/wav' };
  if (format === 'mp3')
    return { bytes: Buffer.concat([silentMp3Frame(), silentMp3Frame()]), contentType: 'audio/mpeg' };
  if (format === 'pcm') return { bytes: sampleWav().subarray(44), contentType: 'audio/pcm' };
  return undefined;
}

/**
 * OpenAI's `POST /v1/images/generations` (answering with base64 PNGs, as GPT Image models do and
 * DALL·E does when asked for `b64_json`) and `POST /v1/audio/speech` (answering with the audio's
 * bytes), with the API's checks of what the request holds and its words when it refuses.
 */
export function createMediaGenerationRoutes(apiKey: string | undefined): {
  requests: FakeMediaGenerationRequest[];
  handles(method: string | undefined, path: string): boolean;
  handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<void>;
} {
  const requests: FakeMediaGenerationRequest[] = [];
  const endpointOf = (path: string): FakeMediaGenerationRequest['endpoint'] | undefined =>
    path === '/v1/images/generations' ? 'images' : path === '/v1/audio/speech' ? 'speech' : undefined;
  return {
    requests,
    handles: (method, path) => method === 'POST' && endpointOf(path) !== undefined,
    async handle(request, response, path) {
      const endpoint = endpointOf(path) ?? 'images';
      const headers = lowerCaseHeaders(request);
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(await readBody(request));
        body =
          typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : {};
      } catch {
        return sendJson(
          response,
          400,
          openAIErrorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null),
        );
      }
      requests.push({ endpoint, body, headers });
      const rejection =
        (apiKey === undefined ? undefined : bearerKeyRejection(headers, apiKey)) ??
        (endpoint === 'images' ? checkImageRequest(body) : checkSpeechRequest(body));
      if (rejection !== undefined) return sendJson(response, rejection.status, rejection.body);
      if (endpoint === 'images') {
        const count = typeof body['n'] === 'number' ? body['n'] : 1;
        const data = Array.from({ length: count }, (_, index) => ({
          b64_json: samplePng({ rgb: pictureColour(index) }).toString('base64'),
        }));
        return sendJson(response, 200, {
          created: Math.floor(Date.now() / 1000),
          data,
          ...(String(body['model']).startsWith('gpt-image') ? { output_format: 'png' } : {}),
        });
      }
      const format = typeof body['response_format'] === 'string' ? body['response_format'] : 'mp3';
      const speech = speechBytes(format);
      if (speech === undefined)
        return sendJson(
          response,
          400,
          openAIErrorBody(
            `The fake server makes mp3, wav and pcm speech, not ${format}.`,
            'invalid_request_error',
            null,
            'response_format',
          ),
        );
      response.writeHead(200, { 'content-type': speech.contentType, 'content-length': speech.bytes.length });
      response.end(speech.bytes);
    },
  };
}
