import type { ProviderFailure, VendorErrorClassifier } from './map-backend-error.js';

type Constructor<T> = abstract new (...args: never[]) => T;

/**
 * The error classes the Anthropic and OpenAI SDKs both throw, under the same names; handed in
 * because the SDK itself is loaded lazily.
 */
export interface SdkErrorClasses<ApiError, UserAbortError, ConnectionError, ConnectionTimeoutError> {
  APIError: Constructor<ApiError>;
  APIUserAbortError: Constructor<UserAbortError>;
  APIConnectionError: Constructor<ConnectionError>;
  APIConnectionTimeoutError: Constructor<ConnectionTimeoutError>;
}

/**
 * What `mapBackendError` needs to know of such an SDK: its abort, timeout and connection errors,
 * and `classify` for the failures the provider reported. Without the classes (a failure before the
 * SDK was loaded) no error is the SDK's.
 */
export function sdkErrorClassifier<ApiError>(
  classes: SdkErrorClasses<ApiError, unknown, unknown, unknown> | undefined,
  classify: (error: ApiError) => ProviderFailure,
): VendorErrorClassifier {
  return {
    isAbort: (thrown) => classes !== undefined && thrown instanceof classes.APIUserAbortError,
    isTimeout: (thrown) => classes !== undefined && thrown instanceof classes.APIConnectionTimeoutError,
    isConnectionFailure: (thrown) => classes !== undefined && thrown instanceof classes.APIConnectionError,
    classify: (thrown) => (classes !== undefined && thrown instanceof classes.APIError ? classify(thrown) : undefined),
  };
}
