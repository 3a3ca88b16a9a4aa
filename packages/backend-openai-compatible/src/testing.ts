export { describeServerBackend, type ServerBackendSubject } from './server-backend-suite.js';
