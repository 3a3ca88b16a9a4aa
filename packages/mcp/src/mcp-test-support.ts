import { MassGenError } from '@massgen/core';

/** The MassGenError `pending` rejects with; throws when it resolves or rejects with anything else. */
export async function massGenFailure(pending: Promise<unknown>): Promise<MassGenError> {
  const error = await pending.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!MassGenError.isInstance(error)) throw new Error(`expected a MassGenError, got ${String(error)}`);
  return error;
}
