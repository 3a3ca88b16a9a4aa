import { batch } from './batch.mjs';
import { coldStart } from './cold-start.mjs';
import { coordination } from './coordination.mjs';
import { coordinationTokens } from './coordination-tokens.mjs';
import { customTools } from './custom-tools.mjs';
import { topology } from './topology.mjs';
import { answerSummary } from './answer-summary.mjs';
import { sandboxStart } from './sandbox-start.mjs';
import { server } from './server.mjs';
import { localModel } from './local-model.mjs';
import { tui } from './tui.mjs';
import { web } from './web.mjs';
import { installSize } from './install-size.mjs';

const results = [
  coldStart(),
  await coordination(),
  await coordinationTokens(),
  await topology(),
  await answerSummary(),
  await server(),
  await localModel(),
  await tui(),
  await batch(),
  await sandboxStart(),
  await customTools(),
  await web(),
  await installSize(),
];
process.exitCode = results.every(Boolean) ? 0 : 1;
