import { MassGenError } from '@massgen/core';
import type { StopReason } from '@massgen/core';

/** The documented exit codes of `massgen`, for scripts and CI. */
export const ExitCode = {
  success: 0,
  configError: 1,
  executionError: 2,
  timeout: 3,
  interrupted: 4,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export function exitCodeForStopReason(stopReason: StopReason, hasFinalAnswer: boolean): ExitCodeValue {
  switch (stopReason) {
    case 'timeout':
      return ExitCode.timeout;
    case 'cancelled':
      return ExitCode.interrupted;
    case 'error':
    case 'all-agents-failed':
      return ExitCode.executionError;
    default:
      return hasFinalAnswer ? ExitCode.success : ExitCode.executionError;
  }
}

/** Configuration, installation, missing keys and attachments are the user's to fix before anything runs. */
export function exitCodeForError(error: unknown): ExitCodeValue {
  if (MassGenError.isInstance(error) && /^(CONFIG_|PLUGIN_|MEDIA_|BACKEND_MISSING_KEY$)/.test(error.code))
    return ExitCode.configError;
  return ExitCode.executionError;
}
