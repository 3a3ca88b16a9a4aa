import { z } from 'zod';

/**
 * Small schemas shared by the configuration schemas. Each carries its whole expectation in
 * one message ("expected a number between 0 and 2"), so that a wrong type and an
 * out-of-range value read the same way; the received value is added when issues are reported.
 */

export function numberBetween(minimum: number, maximum: number, options: { aboveMinimum?: boolean } = {}) {
  const error = options.aboveMinimum
    ? `expected a number greater than ${minimum} and at most ${maximum}`
    : `expected a number between ${minimum} and ${maximum}`;
  const lowerBound = options.aboveMinimum
    ? z.number({ error }).gt(minimum, { error })
    : z.number({ error }).gte(minimum, { error });
  return lowerBound.lte(maximum, { error });
}

export function positiveInteger() {
  const error = 'expected a whole number of at least 1';
  return z.int({ error }).gte(1, { error });
}

export function positiveNumber() {
  const error = 'expected a number greater than 0';
  return z.number({ error }).gt(0, { error });
}

export function nonNegativeNumber() {
  const error = 'expected a number of at least 0';
  return z.number({ error }).gte(0, { error });
}

export function nonEmptyText(what: string) {
  const error = `expected ${what}`;
  return z.string({ error }).trim().min(1, { error });
}

export function choiceOf<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values, { error: `expected one of ${values.map((value) => JSON.stringify(value)).join(', ')}` });
}

export function flag() {
  return z.boolean({ error: 'expected true or false' });
}

/**
 * Text for command arguments, environment values and headers. YAML reads `PORT: 8080` as a
 * number and `DEBUG: true` as a boolean, but both are meant as text here.
 */
export function scalarText() {
  return z
    .union([z.string(), z.number(), z.boolean()], { error: 'expected text (a string, number or boolean)' })
    .transform((value) => String(value));
}
