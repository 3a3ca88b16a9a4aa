import { InvalidArgumentError } from 'commander';
import { MassGenError, toMassGenError } from '@massgen/core';

/** `--port`: a TCP port; 0 lets the system pick a free one. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

/** Whether `host` is reachable from this machine only, where a server may go without an API key. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The key clients must send: `--api-key`, else `MASSGEN_SERVER_API_KEY`; blank counts as none. */
export function serverApiKey(
  given: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return [given, env['MASSGEN_SERVER_API_KEY']]
    .map((value) => value?.trim())
    .find((value) => value !== undefined && value !== '');
}

/**
 * The key a server listening on `host` requires of its clients. Off loopback one is required:
 * without it, anyone who can reach the port could run the agents on the user's provider accounts.
 */
export function requiredServerApiKey(
  host: string,
  given: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const apiKey = serverApiKey(given, env);
  if (apiKey === undefined && !isLoopback(host))
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Listening on ${host} needs an API key (--api-key or MASSGEN_SERVER_API_KEY): anyone who can reach the port could run your agents on your provider accounts.`,
    });
  return apiKey;
}

/** Why a server could not listen, as a configuration error that says which flag to change. */
export function listenError(error: unknown, address: { host: string; port: number }): MassGenError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Port ${address.port} on ${address.host} is already in use; choose another with --port.`,
      cause: error,
    });
  if (code === 'EACCES')
    return new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Not allowed to listen on ${address.host}:${address.port}; ports below 1024 need privileges.`,
      cause: error,
    });
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Cannot listen on ${address.host}: no such local address.`,
      cause: error,
    });
  return toMassGenError(error);
}
