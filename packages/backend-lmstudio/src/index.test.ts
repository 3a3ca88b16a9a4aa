import { describeServerBackend } from '@massgen/backend-openai-compatible/testing';
import * as lmStudioModule from './index.js';

describeServerBackend({
  module: lmStudioModule,
  namedCreate: lmStudioModule.createLMStudioBackend,
  definition: lmStudioModule.lmStudioDefinition,
  model: 'qwen2.5-7b-instruct',
  endpoint: { baseUrl: 'http://localhost:1234/v1', providerName: 'LM Studio', requiresApiKey: false },
});
