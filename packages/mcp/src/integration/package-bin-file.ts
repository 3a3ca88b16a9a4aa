import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The bin file of an npm package as installed for the module at `fromUrl` (an integration's
 * `import.meta.url`, so its own pinned copy is found): the server is started with this Node and
 * that file, never through `npx`. `bin` names the entry when the package declares several.
 */
export function packageBinFile(fromUrl: string, packageName: string, bin?: string): string {
  const require = createRequire(fromUrl);
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const declared =
    typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin ?? Object.keys(manifest.bin)[0] ?? ''];
  if (declared === undefined)
    throw new Error(`${packageName} declares no bin file${bin === undefined ? '' : ` named ${bin}`}`);
  return path.join(path.dirname(manifestPath), declared);
}
