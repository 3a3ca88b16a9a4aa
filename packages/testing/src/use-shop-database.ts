import { afterAll, beforeAll, expect } from 'vitest';
import { postgresClusterUnavailable, startShopDatabase } from './postgres-cluster.js';
import type { TestShopDatabase } from './postgres-cluster.js';
import { isProcessRunning } from './process-tree.js';

/** The shop database of a test file, once its cluster has started. */
export interface ShopDatabaseFixture {
  /** Why no cluster can be made here (no initdb); the file's tests skip then. */
  readonly unavailable: string | undefined;
  /** Undefined before the file's first test, and where the cluster is unavailable. */
  readonly shop: TestShopDatabase | undefined;
}

/**
 * A PostgreSQL cluster with the shop database, started once for the test file and stopped after
 * it, leaving no process behind. Where PostgreSQL is not installed it says so, naming `suite`.
 */
export function useShopDatabase(suite: string): ShopDatabaseFixture {
  const unavailable = postgresClusterUnavailable();
  if (unavailable !== undefined) console.warn(`Skipping ${suite}: ${unavailable}`);
  let shop: TestShopDatabase | undefined;
  beforeAll(async () => {
    if (unavailable === undefined) shop = await startShopDatabase();
  }, 180_000);
  afterAll(async () => {
    await shop?.cluster.stop();
    if (shop !== undefined) expect(isProcessRunning(shop.cluster.pid)).toBe(false);
  }, 120_000);
  return {
    unavailable,
    get shop() {
      return shop;
    },
  };
}
