import { readFile } from 'node:fs/promises';
import { MassGenError } from '@massgen/core';
import type { Message, UserContentPart } from '@massgen/core';

/**
 * The conversation with the files its media parts name read into bytes, for a backend called
 * directly with paths. A run hands backends bytes it has read once already, and then nothing is
 * read here.
 */
export async function readMediaFiles(messages: readonly Message[]): Promise<Message[]> {
  const hasPaths = messages.some(
    (message) =>
      message.role === 'user' &&
      typeof message.content !== 'string' &&
      message.content.some((part) => part.type !== 'text' && part.data.type === 'path'),
  );
  if (!hasPaths) return [...messages];
  return Promise.all(
    messages.map(async (message): Promise<Message> => {
      if (message.role !== 'user' || typeof message.content === 'string') return message;
      return { ...message, content: await Promise.all(message.content.map(readPart)) };
    }),
  );
}

async function readPart(part: UserContentPart): Promise<UserContentPart> {
  if (part.type === 'text' || part.data.type !== 'path') return part;
  const file = part.data.path;
  try {
    return { ...part, data: { type: 'bytes', bytes: await readFile(file) } };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new MassGenError({ code: 'MEDIA_INVALID', message: `Cannot read the attached file ${file}: ${reason}.` });
  }
}
