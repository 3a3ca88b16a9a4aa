import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the shared example corpora live: `../shared` beside the repository, which holds the
 * seed article's examples and upstream MassGen's configurations. Tests that need them skip
 * (and say so) on a checkout without it.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const sharedDirectory = path.resolve(repositoryRoot, '../shared');
export const seedExamplesDirectory = path.join(sharedDirectory, 'examples', 'seed');
export const upstreamConfigsDirectory = path.join(sharedDirectory, 'compat', 'massgen-upstream-configs');

/** Every `.yaml` file under a directory, relative to it, sorted. */
export function listYamlFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml') || file.endsWith('.yml'))
    .sort();
}
