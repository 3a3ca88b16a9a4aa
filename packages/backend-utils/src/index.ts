export { abortedRequestError, unfinishedStreamError } from './stream-end-errors.js';
export { AsyncQueue } from './async-queue.js';
export type { QueueWait, QueueWaitOptions } from './async-queue.js';
export { hostOwner, isLoopbackUrl, keyIssuer, keyRequest, placeholderApiKey, resolveApiKey } from './api-key.js';
export type { ApiKeyContext, KeyRequest } from './api-key.js';
export {
  commonOptionFields,
  flagOption,
  httpUrlOption,
  positiveWholeNumberOption,
  readBackendOptions,
  readCommonOptions,
  readTimeoutMs,
  requireModel,
  secondsOption,
  unreadKeys,
} from './backend-options.js';
export type { CommonOptions } from './backend-options.js';
export { CitedSources, describeSources, sourcesListedIn } from './cited-sources.js';
export type { CitedSource } from './cited-sources.js';
export { mergeExtraBody } from './extra-body.js';
export { fetchAttachment, readLimited, tooLarge } from './fetch-limited.js';
export type { FetchLimits } from './fetch-limited.js';
export { lazy } from './lazy.js';
export { classifyHttpFailure } from './classify-http-failure.js';
export type { FailureFacts } from './classify-http-failure.js';
export { describeCause, failedCallContext, mapBackendError, providerText } from './map-backend-error.js';
export type {
  BackendErrorContext,
  ErrorClassification,
  FailedCall,
  ProviderFailure,
  VendorErrorClassifier,
} from './map-backend-error.js';
export { sdkErrorClassifier } from './sdk-error-classes.js';
export type { SdkErrorClasses } from './sdk-error-classes.js';
export { readEventStream } from './read-event-stream.js';
export type { EventStream, EventStreamOptions } from './read-event-stream.js';
export { ServerSentEventDecoder } from './server-sent-events.js';
export type { ServerSentEvent } from './server-sent-events.js';
export { midResponseSilence, SilenceTimer, withSilenceTimeout } from './silence-timer.js';
export { createWarningFilter } from './warning-filter.js';
export {
  base64Of,
  describeMediaPart,
  isTextMediaType,
  mediaPartsOf,
  mediaSourceOf,
  mediaTypeMatches,
  mediaUrlOf,
  textFileBlock,
  textOfFile,
  userContentParts,
  userContentText,
} from './media-content.js';
export type { MediaSource } from './media-content.js';
export { readMediaFiles } from './media-files.js';
export { findUnsupportedMedia, prepareMediaMessages, textOnlyMediaSupport } from './media-support.js';
export type { MediaCaller, MediaSupport } from './media-support.js';
