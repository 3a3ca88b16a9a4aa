export { describeBackendFailureContract } from './backend-failure-contract.js';
export type { BackendContractSubject, ContractReplies, ContractServer } from './backend-failure-contract.js';
export { useFakeServer } from './use-fake-server.js';
export { useShopDatabase } from './use-shop-database.js';
export type { ShopDatabaseFixture } from './use-shop-database.js';
export { openAIContractReplies } from './openai-contract-replies.js';
