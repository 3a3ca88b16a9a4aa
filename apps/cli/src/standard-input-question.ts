import { text } from 'node:stream/consumers';
import { MassGenError } from '@massgen/core';

/** The question argument that means "read the question from standard input", as `cat -` does. */
export const standardInputMarker = '-';

/**
 * Reads the whole of standard input as the question (`echo "q" | massgen --config t.yaml`, or
 * `-` as the question). Empty input is no question, and says where the question was looked for.
 */
export async function readStandardInputQuestion(input: NodeJS.ReadableStream): Promise<string> {
  const question = (await text(input)).trim();
  if (question === '') {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message:
        'No question given: standard input was empty. Usage: massgen --config FILE "your question", or pipe the question in (echo "your question" | massgen --config FILE).',
    });
  }
  return question;
}
