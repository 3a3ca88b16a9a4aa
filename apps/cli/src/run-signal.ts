import type { SignalHandling, StopSignal } from './signal-handling.js';

/** A run's cancellation: the first stop signal (see `SignalHandling`) or the caller's signal. */
export function runSignal(
  signals: SignalHandling,
  external: AbortSignal | undefined,
): { signal: AbortSignal; received: StopSignal | undefined; dispose: () => void } {
  const scope = signals.scope();
  return {
    signal: external === undefined ? scope.signal : AbortSignal.any([scope.signal, external]),
    get received() {
      return scope.received;
    },
    dispose: () => scope.dispose(),
  };
}
