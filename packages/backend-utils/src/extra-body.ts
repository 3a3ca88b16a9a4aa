import type { Warning } from '@massgen/core';

/**
 * Adds the configured `extra_body` and then the request's `providerOptions` to a request body,
 * each free to override what came before, except the fields the backend sets itself (`owned`):
 * those are kept, and each attempt to set one is a warning.
 */
export function mergeExtraBody(
  body: Record<string, unknown>,
  sources: {
    extraBody: Readonly<Record<string, unknown>>;
    providerOptions: Readonly<Record<string, unknown>> | undefined;
  },
  owned: ReadonlySet<string>,
  warnings: Warning[],
): void {
  for (const [origin, extra] of [
    ['backend.extra_body', sources.extraBody],
    ['providerOptions', sources.providerOptions ?? {}],
  ] as const) {
    for (const [key, value] of Object.entries(extra)) {
      if (owned.has(key)) {
        warnings.push({
          code: 'ignored-option',
          message: `${origin}.${key} is set by the backend itself and was ignored.`,
          path: `${origin}.${key}`,
        });
      } else {
        body[key] = value;
      }
    }
  }
}
