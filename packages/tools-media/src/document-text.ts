import { MassGenError } from '@massgen/core';

const textTypes = new Set(['application/json', 'application/xml', 'application/yaml', 'application/toml']);

/** What `understand_file` reads, for its description and its refusals. */
export const readableDocuments = 'text files (plain, Markdown, CSV, JSON, YAML, code) and PDFs';

/** What it does not read yet, and what to do instead. */
const unreadOfficeFiles =
  'Word, PowerPoint, Excel and OpenDocument files are not read yet: save the file as PDF or text first';

/** Whether a file is text: by its media type, or, when nothing tells, by being UTF-8 without NUL bytes. */
export function isTextDocument(mediaType: string | undefined, bytes: Uint8Array): boolean {
  if (mediaType !== undefined && (mediaType.startsWith('text/') || textTypes.has(mediaType))) return true;
  if (mediaType !== undefined || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The refusal of a file `understand_file` does not read, naming what it does read. */
export function unreadableDocument(mediaType: string | undefined, shown: string): MassGenError {
  const office = mediaType !== undefined && /officedocument|opendocument|msword|ms-excel|ms-powerpoint/.test(mediaType);
  return new MassGenError({
    code: 'MEDIA_UNSUPPORTED',
    message: `${shown} is ${mediaType ?? 'of a kind that cannot be told'}; understand_file reads ${readableDocuments}${office ? `. ${unreadOfficeFiles}` : ''}.`,
  });
}
