export { describeServerBackend } from './server-backend-suite.js';
export type { ServerBackendSubject } from './server-backend-suite.js';
