import type { MassGenError } from '@massgen/core';
import { thrownMassGenError } from './thrown-massgen-error.js';

/** The MassGenError `promise` rejects with; the test fails when it resolves, and rethrows any other error. */
export async function rejectedMassGenError(promise: Promise<unknown>): Promise<MassGenError> {
  // The settled promise, replayed as a call, so that thrownMassGenError judges it as it judges a throw.
  const replay = await promise.then(
    () => () => undefined,
    (error: unknown) => () => {
      throw error;
    },
  );
  return thrownMassGenError(replay);
}
