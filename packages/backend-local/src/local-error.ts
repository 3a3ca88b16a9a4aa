import { MassGenError } from '@massgen/core';

export interface LocalErrorContext {
  modelId: string;
  /** Why the backend aborted the generation itself, when it did. */
  abortReason?: 'timeout' | 'caller';
  timeoutMs: number;
}

/** Classifies a failure of llama.cpp or of node-llama-cpp as a `MassGenError`. */
export function mapLocalError(error: unknown, context: LocalErrorContext): MassGenError {
  if (MassGenError.isInstance(error)) return error;
  if (context.abortReason === 'timeout') {
    return new MassGenError({
      code: 'TIMEOUT',
      message: `local model ${context.modelId}: no token for ${Math.round(context.timeoutMs / 1000)} s; the generation was stopped (raise backend.timeout_seconds for a slow machine).`,
      retryable: true,
      provider: 'local',
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  if (context.abortReason === 'caller' || name === 'AbortError') {
    return new MassGenError({
      code: 'ABORTED',
      message: `local model ${context.modelId}: the generation was cancelled.`,
      provider: 'local',
      cause: error,
    });
  }
  if (name === 'InsufficientMemoryError' || /out of memory|failed to allocate/i.test(message)) {
    return new MassGenError({
      code: 'BACKEND_OVERLOADED',
      message: `local model ${context.modelId}: not enough memory (${message}); use a smaller backend.context_size or a smaller model.`,
      provider: 'local',
      cause: error,
    });
  }
  if (/context (size|window|length)|too long|exceeds/i.test(message)) {
    return new MassGenError({
      code: 'BACKEND_CONTEXT_LENGTH',
      message: `local model ${context.modelId}: the conversation does not fit in the context (${message}); raise backend.context_size.`,
      provider: 'local',
      cause: error,
    });
  }
  return new MassGenError({
    code: 'BACKEND_SERVER',
    message: `local model ${context.modelId}: ${message}`,
    provider: 'local',
    cause: error,
  });
}
