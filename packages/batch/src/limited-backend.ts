import { toMassGenError } from '@massgen/core';
import type { Backend, BackendCallOptions, BackendRequest, StreamPart } from '@massgen/core';
import type { ProviderLimiter } from './provider-limits.js';

/**
 * The backend with every model call admitted by the limiter under the backend's type. A call
 * the provider rate-limits with a retry-after pauses all calls to that provider for that long,
 * so the runs of a batch back off together instead of each finding the limit on its own.
 */
export function limitBackend(backend: Backend, limiter: ProviderLimiter): Backend {
  const limited: Backend = Object.create(backend) as Backend;
  return Object.assign(limited, {
    stream: (request: BackendRequest, options?: BackendCallOptions) =>
      limitedStream(backend, limiter, request, options),
  });
}

async function* limitedStream(
  backend: Backend,
  limiter: ProviderLimiter,
  request: BackendRequest,
  options: BackendCallOptions | undefined,
): AsyncGenerator<StreamPart> {
  let release: () => void;
  try {
    release = await limiter.acquire(backend.provider, options?.signal);
  } catch (error) {
    yield { type: 'error', error: toMassGenError(error).toJSON() };
    return;
  }
  try {
    for await (const part of backend.stream(request, options)) {
      if (part.type === 'error' && part.error.code === 'BACKEND_RATE_LIMIT' && part.error.retryAfterMs !== undefined)
        await limiter.pause(backend.provider, part.error.retryAfterMs);
      yield part;
    }
  } finally {
    release();
  }
}
