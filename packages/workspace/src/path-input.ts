import { MassGenError } from '@massgen/core';

/** Longer than any path Linux or macOS accepts; refusing early keeps error messages short. */
const maximumPathLength = 4096;

/**
 * The raw `path` argument of a file tool, checked before it is interpreted. A NUL byte is
 * refused outright: C APIs end the string there, so the checked path and the used path differ.
 */
export function checkPathInput(value: unknown, argument: string): string {
  if (typeof value !== 'string') {
    throw new MassGenError({
      code: 'PATH_DENIED',
      message: `"${argument}" must be a path given as a string, not ${describe(value)}.`,
    });
  }
  if (value.includes('\u0000')) {
    throw new MassGenError({
      code: 'PATH_DENIED',
      message: `"${argument}" contains a NUL byte, which no path may contain.`,
    });
  }
  if (value.length > maximumPathLength) {
    throw new MassGenError({
      code: 'PATH_DENIED',
      message: `"${argument}" is ${value.length} characters long; paths may have at most ${maximumPathLength}.`,
    });
  }
  return value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}
