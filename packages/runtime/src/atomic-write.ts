import { renameSync, writeFileSync } from 'node:fs';

let counter = 0;

/**
 * Replaces a file's content so that readers see either the old or the new version, never a
 * half-written one: write a temporary file beside it, then rename over it.
 */
export function writeFileAtomicSync(file: string, content: string): void {
  counter += 1;
  const temporary = `${file}.${process.pid}.${counter}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}
