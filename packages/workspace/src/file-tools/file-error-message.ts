import { MassGenError } from '@massgen/core';
import { errorCode } from '../real-path.js';

/** What the filesystem's error codes mean, phrased for a model that named `displayPath`. */
const explanations: Record<string, (displayPath: string) => string> = {
  ENOENT: (displayPath) => `"${displayPath}" does not exist.`,
  EISDIR: (displayPath) => `"${displayPath}" is a directory, not a file.`,
  ENOTDIR: (displayPath) => `"${displayPath}": a part of the path is a file, not a directory.`,
  EEXIST: (displayPath) => `"${displayPath}" already exists.`,
  EACCES: (displayPath) => `The system refused access to "${displayPath}".`,
  EPERM: (displayPath) => `The system refused access to "${displayPath}".`,
  ELOOP: (displayPath) => `"${displayPath}" is a symbolic link, which file tools do not follow here.`,
  ENOSPC: () => 'The disk is full.',
  ENAMETOOLONG: (displayPath) => `"${displayPath}" is too long a name.`,
};

/**
 * The message of a failed file operation. Node's own messages quote the real path, which can
 * reveal where snapshots and other agents' workspaces live, so known codes are rephrased with
 * the path as the agent wrote it and anything else is reduced to its code.
 */
export function fileErrorMessage(error: unknown, displayPath: string): string {
  if (MassGenError.isInstance(error)) return error.message;
  const code = errorCode(error);
  const explain = code === undefined ? undefined : explanations[code];
  if (explain !== undefined) return explain(displayPath);
  return `The operation on "${displayPath}" failed (${code ?? 'unknown error'}).`;
}
