import { failedSdkCallContext, type OpenAISdkConnection } from '@massgen/backend-openai-compatible';
import { MassGenError } from '@massgen/core';
import type {
  Backend,
  BackendCallOptions,
  BackendSettings,
  GeneratedMedia,
  ImageGenerationRequest,
  SpeechRequest,
} from '@massgen/core';
import { openAIConnection } from './openai-endpoint.js';
import type { OpenAIOptions } from './openai-options.js';
import { mapOpenAIResponsesError } from './openai-responses-error.js';

/** The media type of each speech format OpenAI's speech endpoint writes. */
const speechMediaTypes: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/L16',
};

/** The image formats OpenAI returns, told by their first bytes (the response names it only for GPT Image models). */
function imageMediaType(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  return 'image/png';
}

/**
 * OpenAI's images and speech endpoints through the official SDK, for the model the backend was
 * configured with (`gpt-image-1`, `dall-e-3`, `gpt-4o-mini-tts`, `tts-1`). Failures are mapped as
 * a stream's are, and thrown.
 */
export function createOpenAIMediaGeneration(
  settings: BackendSettings,
  options: OpenAIOptions,
  modelId: string,
): Required<Pick<Backend, 'generateImage' | 'generateSpeech'>> {
  const { endpoint, connection } = openAIConnection(settings, options);

  async function call<Result>(
    signal: AbortSignal | undefined,
    request: (connected: OpenAISdkConnection) => Promise<Result>,
  ): Promise<Result> {
    let connected: OpenAISdkConnection | undefined;
    try {
      connected = await connection();
      return await request(connected);
    } catch (error) {
      if (MassGenError.isInstance(error)) throw error;
      const call = {
        providerName: endpoint.providerName,
        phase: 'request' as const,
        signal,
        timeoutMs: options.timeoutMs,
      };
      throw mapOpenAIResponsesError(error, failedSdkCallContext(settings, connected, call));
    }
  }

  async function generateImage(
    request: ImageGenerationRequest,
    { signal }: BackendCallOptions = {},
  ): Promise<GeneratedMedia[]> {
    const response = await call(signal, ({ client }) =>
      client.images.generate(
        {
          model: modelId,
          prompt: request.prompt,
          ...(request.count === undefined ? {} : { n: request.count }),
          ...(request.size === undefined ? {} : { size: request.size }),
          ...(request.quality === undefined ? {} : { quality: request.quality as 'auto' | 'low' | 'medium' | 'high' }),
          // DALL·E answers with a link unless asked for the bytes; GPT Image models always send bytes.
          ...(modelId.startsWith('dall-e') ? { response_format: 'b64_json' as const } : {}),
        },
        signal === undefined ? {} : { signal },
      ),
    );
    const images = (response.data ?? []).flatMap((image) =>
      image.b64_json === undefined ? [] : [Buffer.from(image.b64_json, 'base64')],
    );
    if (images.length === 0) {
      throw new MassGenError({
        code: 'BACKEND_BAD_REQUEST',
        message: `${endpoint.providerName} answered the image request for ${modelId} with no image.`,
        provider: settings.type,
        agentId: settings.agentId,
      });
    }
    return images.map((bytes) => ({ bytes, mediaType: imageMediaType(bytes) }));
  }

  async function generateSpeech(request: SpeechRequest, { signal }: BackendCallOptions = {}): Promise<GeneratedMedia> {
    const format = request.format ?? 'mp3';
    const bytes = await call(signal, async ({ client }) => {
      const response = await client.audio.speech.create(
        {
          model: modelId,
          input: request.text,
          voice: request.voice ?? 'alloy',
          response_format: format as 'mp3',
          ...(request.instructions === undefined ? {} : { instructions: request.instructions }),
        },
        signal === undefined ? {} : { signal },
      );
      return new Uint8Array(await response.arrayBuffer());
    });
    return { bytes, mediaType: speechMediaTypes[format] ?? 'application/octet-stream' };
  }

  return { generateImage, generateSpeech };
}
