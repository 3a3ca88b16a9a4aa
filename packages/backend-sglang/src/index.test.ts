import { describeServerBackend } from '@massgen/backend-openai-compatible/testing';
import * as sglangModule from './index.js';

describeServerBackend({
  module: sglangModule,
  namedCreate: sglangModule.createSGLangBackend,
  definition: sglangModule.sglangDefinition,
  model: 'Qwen/Qwen3-8B',
  endpoint: {
    baseUrl: 'http://localhost:30000/v1',
    providerName: 'SGLang',
    apiKeyEnvironmentVariable: 'SGLANG_API_KEY',
    requiresApiKey: false,
  },
  keyVariable: 'SGLANG_API_KEY',
});
