export { abortedRequestError, unfinishedStreamError } from './stream-end-errors.js';
export { AsyncQueue, type QueueWait, type QueueWaitOptions } from './async-queue.js';
export {
  hostOwner,
  isLoopbackUrl,
  keyIssuer,
  keyRequest,
  placeholderApiKey,
  resolveApiKey,
  type ApiKeyContext,
  type KeyRequest,
} from './api-key.js';
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
  type CommonOptions,
} from './backend-options.js';
export { conversationTurns, type ConversationTurn, type TurnParts } from './conversation-turns.js';
export { CitedSources, describeSources, sourcesListedIn, type CitedSource } from './cited-sources.js';
export { mergeExtraBody } from './extra-body.js';
export { fetchAttachment, readLimited, tooLarge, type FetchLimits } from './fetch-limited.js';
export { lazy } from './lazy.js';
export { classifyHttpFailure, type FailureFacts } from './classify-http-failure.js';
export {
  describeCause,
  failedCallContext,
  mapBackendError,
  providerText,
  type BackendErrorContext,
  type ErrorClassification,
  type FailedCall,
  type ProviderFailure,
  type VendorErrorClassifier,
} from './map-backend-error.js';
export { sdkErrorClassifier, type SdkErrorClasses } from './sdk-error-classes.js';
export { readEventStream, type EventStream, type EventStreamOptions } from './read-event-stream.js';
export { ServerSentEventDecoder, type ServerSentEvent } from './server-sent-events.js';
export { midResponseSilence, SilenceTimer, withSilenceTimeout } from './silence-timer.js';
export { streamCall, type CallProgress, type PreparedCall, type StreamCallPlan } from './stream-call.js';
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
  type MediaSource,
} from './media-content.js';
export { readMediaFiles } from './media-files.js';
export {
  findUnsupportedMedia,
  prepareMediaMessages,
  textOnlyMediaSupport,
  type MediaCaller,
  type MediaSupport,
} from './media-support.js';
