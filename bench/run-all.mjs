import { coldStart } from './cold-start.mjs';
import { coordination } from './coordination.mjs';

const results = [coldStart(), await coordination()];
process.exitCode = results.every(Boolean) ? 0 : 1;
