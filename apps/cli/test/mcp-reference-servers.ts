import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The reference MCP servers are dev dependencies of @massgen/mcp, not of the CLI, so they are
 * resolved from that package's directory; each is started with this Node and its bin file.
 */
const mcpPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/mcp/package.json');
const require = createRequire(mcpPackage);

export function mcpServerBin(server: 'server-everything' | 'server-filesystem'): string {
  const manifestPath = require.resolve(`@modelcontextprotocol/${server}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  const [bin] = Object.values(manifest.bin);
  if (bin === undefined) throw new Error(`@modelcontextprotocol/${server} declares no bin file`);
  return path.join(path.dirname(manifestPath), bin);
}
