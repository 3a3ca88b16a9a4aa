export {
  describeBackendFailureContract,
  type BackendContractSubject,
  type ContractReplies,
  type ContractServer,
} from './backend-failure-contract.js';
export { useFakeServer } from './use-fake-server.js';
export { useShopDatabase, type ShopDatabaseFixture } from './use-shop-database.js';
export { openAIContractReplies, openAIStreamedTurns } from './openai-contract-replies.js';
export {
  describeOpenAIBackendFailures,
  type OpenAIBackendFailuresSubject,
} from './describe-openai-backend-failures.js';
export { commonContractReplies, type StreamCut } from './common-contract-replies.js';
export {
  useBackendServer,
  type BackendServerFixture,
  type BackendServerSubject,
  type BackendTestServer,
} from './use-backend-server.js';
export { itClassifiesErrors, type ErrorCase, type ErrorClassificationSubject } from './it-classifies-errors.js';
export { itClassifiesOpenAIErrors, openAIErrorCases } from './openai-error-cases.js';
export { describeLazySdkLoading } from './describe-lazy-sdk-loading.js';
export {
  commonOptionReadings,
  describeBackendOptions,
  type BackendOptionsExpectations,
  type OptionReading,
} from './describe-backend-options.js';
export {
  useTemporaryDirectory,
  type TemporaryDirectory,
  type TemporaryDirectoryOptions,
} from './use-temporary-directory.js';
export { expectStreamedText, type StreamedTextTurn } from './expect-streamed-turn.js';
export { expectFinalAnswer, expectOnlyEvent, type FinalAnswer } from './expect-strategy-events.js';
export { expectMediaDelivered } from './expect-media-delivered.js';
export { expectMediaRefused } from './expect-media-refused.js';
export { expectBackendModule } from './expect-backend-module.js';
export { itStreamsTurns, type StreamedTurnsScript, type StreamedTurnsSubject } from './it-streams-turns.js';
