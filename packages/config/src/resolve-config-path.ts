import os from 'node:os';
import path from 'node:path';

/** An absolute path for a path written in a configuration: `~/` is the home directory, anything relative is relative to `baseDir`. */
export function resolveConfigPath(written: string, baseDir: string): string {
  if (written === '~' || written.startsWith('~/')) return path.join(os.homedir(), written.slice(1));
  return path.resolve(baseDir, written);
}
