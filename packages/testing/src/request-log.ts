/** The requests a fake server received, in order, with a way to wait for the next ones. */
export interface RequestLog<Request> {
  readonly requests: readonly Request[];
  record(request: Request): void;
  /** Resolves once at least `count` requests have been recorded. */
  waitForRequests(count: number): Promise<void>;
}

export function createRequestLog<Request>(): RequestLog<Request> {
  const requests: Request[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  return {
    requests,
    record(request) {
      requests.push(request);
      for (const waiter of waiters.filter((candidate) => candidate.count <= requests.length)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}
