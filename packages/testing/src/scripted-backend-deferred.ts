/** A promise together with the functions that settle it, for gates in scripted turns. */
export interface Deferred<Value> {
  promise: Promise<Value>;
  resolve: (value: Value) => void;
  reject: (reason: unknown) => void;
}

export function createDeferred<Value = void>(): Deferred<Value> {
  let resolve!: (value: Value) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<Value>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  // A gate that is rejected but never reached must not surface as an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
