import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The CLI package's own directory. Plugins it bundles (the default backends and strategies)
 * are resolved from here, beside the user's project.
 */
export function cliPackageDirectory(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!isCliManifest(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('The massgen package.json could not be found.');
    directory = parent;
  }
  return directory;
}

export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(cliPackageDirectory(), 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

function isCliManifest(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'massgen';
  } catch {
    return false;
  }
}
