import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { Backend, GeneratedMedia, Tool } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { writeFileAtomic } from '@massgen/workspace';
import { z } from 'zod';
import { describeModel } from './ask-model.js';
import { mediaCall } from './media-tool-context.js';
import type { MediaCall, MediaToolContext } from './media-tool-context.js';
import { defaultImageModel, defaultSpeechModel, generationChoice } from './media-settings.js';

const extensions: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'opus',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
  'audio/L16': 'pcm',
};

const storagePath = z
  .string()
  .optional()
  .describe('A directory in your workspace to save into (created if missing); by default the workspace itself.');

/** A file name from the words of a prompt and the time, so outputs sort by when they were made. */
function fileStem(words: string): string {
  const slug = words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${slug === '' ? 'media' : slug}-${stamp}`;
}

/**
 * Writes what a model made into the agent's workspace (or a writable directory the sandbox
 * allows), each file under a fresh name, and says where each went as the agent names paths.
 */
async function saveAll(
  call: MediaCall,
  media: readonly GeneratedMedia[],
  directory: string,
  stem: string,
): Promise<string[]> {
  const saved: string[] = [];
  for (const [index, item] of media.entries()) {
    const name = `${stem}${media.length === 1 ? '' : `-${index + 1}`}.${extensions[item.mediaType] ?? 'bin'}`;
    const target = await call.sandbox.resolve(
      path.join(directory === '' ? '.' : directory, name),
      'write',
      'storage_path',
    );
    await mkdir(path.dirname(target.realPath), { recursive: true });
    await writeFileAtomic(target.realPath, item.bytes);
    saved.push(`${target.displayPath} (${item.mediaType}, ${item.bytes.byteLength} bytes)`);
  }
  return saved;
}

function cannot(backend: Backend, what: string, setting: string): MassGenError {
  return new MassGenError({
    code: 'MEDIA_UNSUPPORTED',
    message: `${describeModel(backend)} cannot ${what}: its backend has no such API. Set tools.media.${setting} to a backend that has one (type: openai).`,
  });
}

export function textToImage(context: MediaToolContext): Tool {
  return defineTool({
    name: 'text_to_image',
    description:
      'Draws images from a description with an image model and saves them in your workspace; returns the paths of the files.',
    inputSchema: z.object({
      prompt: z.string().min(1).describe('What the image should show, in detail.'),
      storage_path: storagePath,
      size: z
        .string()
        .optional()
        .describe('The size, such as 1024x1024, 1536x1024 or 1024x1536; the model chooses by default.'),
      quality: z.enum(['low', 'medium', 'high', 'auto']).optional().describe('The quality; higher costs more.'),
      count: z.int().min(1).max(4).default(1).describe('How many images (1-4).'),
    }),
    async execute({ prompt, storage_path, size, quality, count }, { signal }) {
      const call = mediaCall(context, 'text_to_image', signal);
      const backend = await call.open(generationChoice(context.settings.image_model, defaultImageModel));
      if (backend.generateImage === undefined) throw cannot(backend, 'make images', 'image_model');
      const images = await backend.generateImage(
        { prompt, count, ...(size === undefined ? {} : { size }), ...(quality === undefined ? {} : { quality }) },
        { signal },
      );
      const saved = await saveAll(call, images, storage_path ?? '', fileStem(prompt));
      return `Saved ${saved.length === 1 ? 'the image' : `${saved.length} images`} (made by ${describeModel(backend)}):\n${saved.join('\n')}`;
    },
  });
}

export function textToSpeech(context: MediaToolContext): Tool {
  return defineTool({
    name: 'text_to_speech',
    description: 'Reads text aloud with a speech model and saves the recording in your workspace; returns its path.',
    inputSchema: z.object({
      input_text: z.string().min(1).max(4096).describe('The text to speak (at most 4096 characters).'),
      voice: z
        .string()
        .default('alloy')
        .describe('The voice: alloy, ash, coral, echo, fable, nova, onyx, sage, shimmer, ...'),
      instructions: z
        .string()
        .optional()
        .describe('How to speak: tone, pace, accent (for models that take instructions).'),
      audio_format: z.enum(['mp3', 'wav', 'opus', 'aac', 'flac', 'pcm']).default('mp3').describe('The file format.'),
      storage_path: storagePath,
    }),
    async execute({ input_text, voice, instructions, audio_format, storage_path }, { signal }) {
      const call = mediaCall(context, 'text_to_speech', signal);
      const backend = await call.open(generationChoice(context.settings.speech_model, defaultSpeechModel));
      if (backend.generateSpeech === undefined) throw cannot(backend, 'speak', 'speech_model');
      const speech = await backend.generateSpeech(
        { text: input_text, voice, format: audio_format, ...(instructions === undefined ? {} : { instructions }) },
        { signal },
      );
      const [saved] = await saveAll(call, [speech], storage_path ?? '', fileStem(input_text));
      return `Saved the recording (made by ${describeModel(backend)}): ${saved ?? ''}`;
    },
  });
}
