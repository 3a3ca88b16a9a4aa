import { describeLazySdkLoading } from '@massgen/testing/vitest';
import { vi } from 'vitest';
import { createBackend } from './index.js';
import { openAITestServer } from './openai-test-server.js';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock('openai', async (importOriginal) => {
  sdkLoads.count += 1;
  return importOriginal();
});

// The package's own createBackend: importing the package must not load the SDK either.
describeLazySdkLoading('the openai SDK', sdkLoads, { ...openAITestServer, createBackend });
