import { describeLazySdkLoading } from '@massgen/testing/vitest';
import { vi } from 'vitest';
import { createBackend } from './index.js';
import { claudeTestServer } from './claude-test-server.js';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));

vi.mock('@anthropic-ai/sdk', async (importOriginal) => {
  sdkLoads.count += 1;
  return importOriginal();
});

// The package's own createBackend: importing the package must not load the SDK either.
describeLazySdkLoading('the Anthropic SDK', sdkLoads, { ...claudeTestServer, createBackend });
