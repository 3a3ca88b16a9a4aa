import { MassGenError } from '@massgen/core';

/** The MassGenError `run` throws; the test fails when it returns, and rethrows any other error. */
export function thrownMassGenError(run: () => unknown): MassGenError {
  try {
    run();
  } catch (error) {
    if (MassGenError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a MassGenError to be thrown');
}
