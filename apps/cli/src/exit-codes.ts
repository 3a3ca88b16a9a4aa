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

/**
 * `agentFailureCodes` are the codes every agent stopped with: a team that failed only on its
 * configuration (no key where the check before the run could not tell, behind a `base_url`)
 * exits as a configuration error does.
 */
export function exitCodeForStopReason(
  stopReason: StopReason,
  hasFinalAnswer: boolean,
  agentFailureCodes: readonly string[] = [],
): ExitCodeValue {
  switch (stopReason) {
    case 'timeout':
      return ExitCode.timeout;
    case 'cancelled':
      return ExitCode.interrupted;
    case 'all-agents-failed':
      if (!hasFinalAnswer && agentFailureCodes.length > 0 && agentFailureCodes.every(isConfigurationCode))
        return ExitCode.configError;
      return ExitCode.executionError;
    case 'error':
      return ExitCode.executionError;
    default:
      return hasFinalAnswer ? ExitCode.success : ExitCode.executionError;
  }
}

/** Configuration, installation, missing keys and attachments are the user's to fix before anything runs. */
export function exitCodeForError(error: unknown): ExitCodeValue {
  if (MassGenError.isInstance(error) && isConfigurationCode(error.code)) return ExitCode.configError;
  return ExitCode.executionError;
}

function isConfigurationCode(code: string): boolean {
  return /^(CONFIG_|PLUGIN_|MEDIA_|BACKEND_MISSING_KEY$)/.test(code);
}
