import { MassGenError } from '@massgen/core';
import type { Backend, Tool, UserContentPart } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { z } from 'zod';
import { askModel, describeModel } from './ask-model.js';
import { isTextDocument, readableDocuments, unreadableDocument } from './document-text.js';
import { mediaCall } from './media-tool-context.js';
import type { MediaToolContext } from './media-tool-context.js';
import { modelChoice } from './media-settings.js';
import { readMediaInput } from './read-media-input.js';
import type { MediaInput } from './read-media-input.js';
import { hasFfmpeg, noFfmpeg, sampleVideoFrames } from './video-frames.js';

const sourceDescription = 'A path in your workspace (or peers/<label>/..., or a context path), or an http(s) URL';

/** The `prompt` input of an understand tool: the question for the model, `defaultPrompt` when none is given. */
function promptInput(defaultPrompt: string, description: string) {
  return z.string().min(1).default(defaultPrompt).describe(description);
}

/** A whole number from 1 to `maximum`, `fallback` when left out. */
function wholeNumberInput(maximum: number, fallback: number, description: string) {
  return z.int().min(1).max(maximum).default(fallback).describe(description);
}

const articles: Readonly<Record<string, string>> = {
  image: 'an image',
  audio: 'an audio file',
  video: 'a video',
  document: 'a document',
};

/** The refusal of an input of the wrong kind, naming the tool that reads it. */
function wrongKind(input: MediaInput, expected: 'image' | 'audio' | 'video' | 'document', tool: string): MassGenError {
  const type = input.mediaType;
  const kind = type?.split('/')[0];
  const instead =
    kind === 'image' || kind === 'audio' || kind === 'video'
      ? ` (understand_${kind} reads it)`
      : ' (understand_file reads documents)';
  return new MassGenError({
    code: 'MEDIA_UNSUPPORTED',
    message: `${input.shown} is not ${articles[expected]}: it is ${type ?? 'of a kind that cannot be told'}${instead}; ${tool} takes ${expected === 'document' ? 'documents' : `${expected} files`}.`,
  });
}

/** The input's media type when it is of the kind, else the refusal. */
function requireKind(input: MediaInput, kind: 'image' | 'audio' | 'video', tool: string): string {
  if (input.mediaType?.startsWith(`${kind}/`) === true) return input.mediaType;
  throw wrongKind(input, kind, tool);
}

function answer(backend: Backend, text: string): string {
  return `${text.trim()}\n\n(answered by ${describeModel(backend)})`;
}

/** A file read as a part of the question, typed as the model will see it. */
function partOf(input: MediaInput, type: 'image' | 'audio' | 'file', mediaType: string): UserContentPart {
  return { type, mediaType, data: { type: 'bytes', bytes: input.bytes }, filename: input.filename };
}

/**
 * The model's answer to the prompt about one part. A backend refuses a part it cannot take before
 * any request; `refused` words that refusal for the tool (which setting to change), when given.
 */
async function askAbout(
  backend: Backend,
  prompt: string,
  part: UserContentPart,
  signal: AbortSignal,
  refused?: (reason: string) => string,
): Promise<string> {
  try {
    return await askModel(backend, [{ type: 'text', text: prompt }, part], signal);
  } catch (error) {
    if (refused === undefined || !MassGenError.isInstance(error) || error.code !== 'MEDIA_UNSUPPORTED') throw error;
    throw new MassGenError({ code: 'MEDIA_UNSUPPORTED', message: refused(error.message) });
  }
}

export function understandImage(context: MediaToolContext): Tool {
  return defineTool({
    name: 'understand_image',
    readOnly: true,
    description:
      'Looks at an image (PNG, JPEG, GIF, WebP) with a vision model and answers a question about it: what it shows, text in it, details you ask for.',
    inputSchema: z.object({
      image_path: z.string().min(1).describe(`${sourceDescription} of the image.`),
      prompt: promptInput('Describe this image in detail.', 'What you want to know about the image.'),
    }),
    async execute({ image_path, prompt }, { signal }) {
      const call = mediaCall(context, 'understand_image', signal);
      const image = await readMediaInput(image_path, call.sandbox, call.limits, 'image_path');
      const mediaType = requireKind(image, 'image', 'understand_image');
      const backend = await call.open(modelChoice(context.settings.model));
      return answer(backend, await askAbout(backend, prompt, partOf(image, 'image', mediaType), signal));
    },
  });
}

export function understandAudio(context: MediaToolContext): Tool {
  return defineTool({
    name: 'understand_audio',
    readOnly: true,
    description:
      'Listens to one or more recordings (WAV, MP3, ...) with a model that takes audio and answers about each: by default a transcript. Needs a model that accepts audio input (Gemini, or an OpenAI audio model through Chat Completions).',
    inputSchema: z.object({
      audio_paths: z.array(z.string().min(1)).min(1).describe(`${sourceDescription} of each recording.`),
      prompt: promptInput('Transcribe this recording word for word.', 'What you want to know about each recording.'),
    }),
    async execute({ audio_paths, prompt }, { signal }) {
      const call = mediaCall(context, 'understand_audio', signal);
      const recordings = await Promise.all(
        audio_paths.map((source) => readMediaInput(source, call.sandbox, call.limits, 'audio_paths')),
      );
      const types = recordings.map((recording) => requireKind(recording, 'audio', 'understand_audio'));
      const backend = await call.open(modelChoice(context.settings.model));
      const answers: string[] = [];
      for (const [index, recording] of recordings.entries()) {
        const text = await askAbout(
          backend,
          prompt,
          partOf(recording, 'audio', types[index] ?? ''),
          signal,
          (reason) =>
            `understand_audio needs a model that takes audio, and ${describeModel(backend)} does not. ${reason} Set tools.media.model to one that does (type: gemini).`,
        );
        answers.push(recordings.length === 1 ? text.trim() : `## ${recording.shown}\n${text.trim()}`);
      }
      return `${answers.join('\n\n')}\n\n(answered by ${describeModel(backend)})`;
    },
  });
}

export function understandVideo(context: MediaToolContext): Tool {
  return defineTool({
    name: 'understand_video',
    readOnly: true,
    description:
      'Watches a video (MP4, MOV, WebM, ...) and answers a question about it. A model that takes video (Gemini) gets the whole file; for others, frames sampled evenly with ffmpeg are shown to the model as images.',
    inputSchema: z.object({
      video_path: z.string().min(1).describe(`${sourceDescription} of the video.`),
      prompt: promptInput(
        'Describe what happens in this video: the content, the actions and any important details.',
        'What you want to know about the video.',
      ),
      num_frames: wholeNumberInput(
        32,
        8,
        'How many frames to sample when the model cannot take the video itself (1-32).',
      ),
    }),
    async execute({ video_path, prompt, num_frames }, { signal }) {
      const call = mediaCall(context, 'understand_video', signal);
      const video = await readMediaInput(video_path, call.sandbox, call.limits, 'video_path');
      const mediaType = requireKind(video, 'video', 'understand_video');
      const backend = await call.open(modelChoice(context.settings.model));
      try {
        return answer(backend, await askAbout(backend, prompt, partOf(video, 'file', mediaType), signal));
      } catch (error) {
        // A backend refuses a part it cannot take before any request: then frames go instead.
        if (!MassGenError.isInstance(error) || error.code !== 'MEDIA_UNSUPPORTED') throw error;
        if (!(await hasFfmpeg())) {
          throw new MassGenError({
            code: 'MEDIA_UNSUPPORTED',
            message: `understand_video cannot watch ${video.shown}: ${describeModel(backend)} does not take video, and ${noFfmpeg}. Either install ffmpeg, or set tools.media.model to a model that takes video (type: gemini).`,
          });
        }
      }
      const frames = await sampleVideoFrames(video.bytes, num_frames, signal, video.shown);
      const content: UserContentPart[] = [
        {
          type: 'text',
          text: `${prompt}\n\nThe images are ${frames.length} frames sampled evenly from the video ${video.filename}, in order.`,
        },
        ...frames.map((bytes, index) => ({
          type: 'image' as const,
          mediaType: 'image/jpeg',
          data: { type: 'bytes' as const, bytes },
          filename: `frame-${index + 1}.jpg`,
        })),
      ];
      return answer(backend, await askModel(backend, content, signal));
    },
  });
}

export function understandFile(context: MediaToolContext): Tool {
  return defineTool({
    name: 'understand_file',
    readOnly: true,
    description: `Reads a document and answers a question about it: a summary, an explanation, facts from it. Reads ${readableDocuments} (a PDF goes to the model as it is).`,
    inputSchema: z.object({
      file_path: z.string().min(1).describe(`${sourceDescription} of the file.`),
      prompt: promptInput(
        'Summarise this file: its content, purpose and structure.',
        'What you want to know about the file.',
      ),
      max_chars: wholeNumberInput(
        1_000_000,
        50_000,
        "Most characters of a text file's text to give the model; the rest is cut.",
      ),
    }),
    async execute({ file_path, prompt, max_chars }, { signal }) {
      const call = mediaCall(context, 'understand_file', signal);
      const file = await readMediaInput(file_path, call.sandbox, call.limits, 'file_path');
      const kind = file.mediaType?.split('/')[0];
      if (kind === 'image' || kind === 'audio' || kind === 'video')
        throw wrongKind(file, 'document', 'understand_file');
      if (file.mediaType === 'application/pdf') {
        // A PDF goes to the model as it is: the providers read its text and its pictures.
        const backend = await call.open(modelChoice(context.settings.model));
        const reply = await askAbout(
          backend,
          prompt,
          partOf(file, 'file', 'application/pdf'),
          signal,
          (reason) =>
            `understand_file gives a PDF to the model as it is, and ${describeModel(backend)} does not take PDFs. ${reason} Set tools.media.model to one that does (type: openai, claude or gemini).`,
        );
        return answer(backend, reply);
      }
      if (!isTextDocument(file.mediaType, file.bytes)) throw unreadableDocument(file.mediaType, file.shown);
      const text = new TextDecoder().decode(file.bytes);
      const cut = text.length > max_chars;
      const body = cut ? text.slice(0, max_chars) : text;
      const backend = await call.open(modelChoice(context.settings.model));
      const reply = await askModel(
        backend,
        [
          {
            type: 'text',
            text: `${prompt}\n\nThe text of the file ${file.filename}${cut ? ` (its first ${max_chars} of ${text.length} characters)` : ''}:\n\n${body}`,
          },
        ],
        signal,
      );
      return answer(backend, reply);
    },
  });
}
