import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { isCredentialVariable } from '@massgen/config';

/**
 * Takes the process environment into memory, for the CLI to read keys from, and removes every
 * credential variable from the process itself, so that nothing MassGen starts can find a key
 * there. Deleting from `process.env` is not enough on Linux: `/proc/<pid>/environ`, which any
 * process of the same user may read, shows the environment block the process was started with,
 * and `unsetenv` never touches it. So the values are also overwritten in place in that block,
 * through `/proc/self/mem` (a process may always write its own memory). Where that is not
 * possible (not Linux, a kernel that refuses), the variables are still deleted, and commands
 * then rely on their PID namespace, which hides MassGen's `/proc` entry from them.
 */
export function holdSecretsInMemory(
  environment: NodeJS.ProcessEnv = process.env,
): Readonly<Record<string, string | undefined>> {
  const held = { ...environment };
  const names = Object.keys(environment).filter((name) => isCredentialVariable(name) && environment[name] !== '');
  if (names.length === 0) return held;
  overwriteInitialEnvironment(names);
  for (const name of names) delete environment[name];
  return held;
}

/** Overwrites the values of `names` in this process's initial environment block with NUL bytes. */
function overwriteInitialEnvironment(names: readonly string[]): void {
  if (process.platform !== 'linux') return;
  let memory: number | undefined;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the parenthesised command name start at field 3; env_start and env_end are fields 50 and 51.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[47]);
    const end = Number(fields[48]);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end <= start) return;
    memory = openSync('/proc/self/mem', 'r+');
    const block = Buffer.alloc(end - start);
    readSync(memory, block, 0, block.length, start);
    let offset = 0;
    while (offset < block.length) {
      const entryEnd = block.indexOf(0, offset);
      const stop = entryEnd === -1 ? block.length : entryEnd;
      const equals = block.indexOf(0x3d, offset);
      if (equals !== -1 && equals < stop && names.includes(block.toString('utf8', offset, equals))) {
        const blank = Buffer.alloc(stop - equals - 1);
        writeSync(memory, blank, 0, blank.length, start + equals + 1);
      }
      offset = stop + 1;
    }
  } catch {
    // Keys stay in the initial block; commands still run in their own PID namespace where available.
  } finally {
    if (memory !== undefined) closeSync(memory);
  }
}
