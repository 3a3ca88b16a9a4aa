import { MassGenError } from '@massgen/core';
import type { ProviderLimit } from '@massgen/runtime';

export { abortError, limitFor, type ProviderLimit, type ProviderLimiter, type ProviderLimits } from '@massgen/runtime';

/**
 * Reads `TYPE=N` settings (`openai=8`, `*=4`) from repeated command-line flags into one limit
 * field. `flag` names the option in errors.
 */
export function parseProviderLimits(
  values: readonly string[],
  field: keyof ProviderLimit,
  flag: string,
  into: Record<string, ProviderLimit> = {},
): Record<string, ProviderLimit> {
  for (const value of values) {
    const match = /^([^=\s]+)=(\d+)$/.exec(value.trim());
    const count = match === null ? Number.NaN : Number(match[2]);
    if (match === null || !Number.isSafeInteger(count) || count <= 0)
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `${flag} ${value}: expected BACKEND_TYPE=N with a positive whole number, e.g. ${flag} openai=8 (or *=8 for every backend type).`,
      });
    const provider = match[1] as string;
    into[provider] = { ...into[provider], [field]: count };
  }
  return into;
}
