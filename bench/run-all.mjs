import { coldStart } from './cold-start.mjs';
import { coordination } from './coordination.mjs';
import { coordinationTokens } from './coordination-tokens.mjs';
import { localModel } from './local-model.mjs';
import { server } from './server.mjs';

const results = [coldStart(), await coordination(), await coordinationTokens(), await server()];
process.exitCode = results.every(Boolean) ? 0 : 1;
