import { describe, expect, it } from 'vitest';
import { countSdkLoads } from './sdk-loads.js';
import { useBackendServer, type BackendServerSubject, type BackendTestServer } from './use-backend-server.js';

/**
 * The test that a backend loads its SDK at its first model call, not when its package is imported
 * or the backend is created. `loads` is what the test file's `vi.mock` factory for the SDK counts
 * up: that factory stays in the test file, where vitest hoists it above the imports.
 */
export function describeLazySdkLoading<Server extends BackendTestServer>(
  sdk: string,
  loads: { readonly count: number },
  subject: BackendServerSubject<Server>,
): void {
  describe(`loading ${sdk}`, () => {
    const { backend } = useBackendServer(subject);
    it('waits for the first model call, not the package import or backend creation', async () => {
      expect(await countSdkLoads(loads, backend)).toMatchObject({
        afterCreate: 0,
        afterCall: 1,
        lastPart: { type: 'finish' },
      });
    });
  });
}
