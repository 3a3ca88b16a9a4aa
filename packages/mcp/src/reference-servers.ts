import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * For tests: how to start the reference MCP servers installed as dev dependencies, with this
 * Node and the package's own bin file, never fetched at run time by `npx`.
 */
export type ReferenceServer = 'server-everything' | 'server-filesystem';

const require = createRequire(import.meta.url);

export function referenceServerBin(server: ReferenceServer): string {
  const manifestPath = require.resolve(`@modelcontextprotocol/${server}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  const [bin] = Object.values(manifest.bin);
  if (bin === undefined) throw new Error(`@modelcontextprotocol/${server} declares no bin file`);
  return path.join(path.dirname(manifestPath), bin);
}
