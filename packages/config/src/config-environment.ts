import { loadDotEnv } from './dot-env.js';

/**
 * The environment a configuration is interpolated from and backends read keys from: the
 * given (or process) environment overlaid on `.env` in the working directory, so a variable
 * exported in the shell beats the same name in `.env`.
 */
export function resolveEnvironment(options: {
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
}): Readonly<Record<string, string | undefined>> {
  const merged: Record<string, string | undefined> = { ...loadDotEnv(options.cwd ?? process.cwd()) };
  for (const [name, value] of Object.entries(options.env ?? process.env)) {
    if (value !== undefined) merged[name] = value;
  }
  return Object.freeze(merged);
}
