import { MassGenError } from '@massgen/core';

/** A tool's arguments as an object, or a clear error naming what was expected. */
export function inputObject(input: unknown, tool: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new MassGenError({ code: 'TOOL_FAILED', message: `${tool} expects its arguments as a JSON object.` });
  }
  return input as Record<string, unknown>;
}

export function requiredText(input: Record<string, unknown>, key: string, tool: string): string {
  const value = input[key];
  if (typeof value !== 'string')
    throw new MassGenError({ code: 'TOOL_FAILED', message: `${tool} needs "${key}" as a string.` });
  return value;
}

export function optionalText(input: Record<string, unknown>, key: string, tool: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new MassGenError({ code: 'TOOL_FAILED', message: `${tool}: "${key}" must be a string when given.` });
  return value;
}

export function optionalFlag(input: Record<string, unknown>, key: string, tool: string): boolean {
  const value = input[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean')
    throw new MassGenError({ code: 'TOOL_FAILED', message: `${tool}: "${key}" must be true or false when given.` });
  return value;
}

export function optionalWholeNumber(
  input: Record<string, unknown>,
  key: string,
  tool: string,
  range: { min: number; max: number },
): number | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    throw new MassGenError({
      code: 'TOOL_FAILED',
      message: `${tool}: "${key}" must be a whole number from ${range.min} to ${range.max}.`,
    });
  }
  return value;
}
