/** Test helpers for MCP integration packages, not for production use. */
export { connectStartedServer } from './testing/connect-started-server.js';
