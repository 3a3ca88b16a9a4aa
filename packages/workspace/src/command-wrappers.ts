/**
 * Programs that run another command given in their arguments. The lists judge the wrapper and
 * the command it runs, so `timeout 5 rm x`, `env A=1 rm x` or `xargs rm` are `rm` as well.
 * Options are read from these tables; an option a table does not know makes the command
 * refused, since it could take the next word as its value and hide the command that follows.
 */
interface WrapperSyntax {
  /** Options that stand alone. */
  flags: readonly string[];
  /** Options followed by a value (`-u NAME`), also accepted as `--name=value` or `-uNAME`. */
  valued: readonly string[];
  /** Options after which nothing runs (`command -v` only looks a program up). */
  lookupOnly?: readonly string[];
  /** Options whose value is a command line of its own: too opaque to judge. */
  opaque?: readonly string[];
  /** Plain words before the command: `timeout`'s duration. */
  positional?: number;
  /** `env`'s `NAME=value` words before the command. */
  assignments?: boolean;
  /** Accepts `-N` numbers as options (`nice -10`). */
  numericFlags?: boolean;
  /** The command run when none is given (`xargs` runs `echo`). */
  defaultCommand?: string;
}

const wrappers: Readonly<Record<string, WrapperSyntax>> = {
  env: {
    flags: ['-i', '--ignore-environment', '-0', '--null', '-v', '--debug', '-'],
    valued: ['-u', '--unset', '-C', '--chdir'],
    opaque: ['-S', '--split-string'],
    assignments: true,
  },
  command: { flags: ['-p'], valued: [], lookupOnly: ['-v', '-V'] },
  exec: { flags: ['-c', '-l'], valued: ['-a'] },
  builtin: { flags: [], valued: [] },
  nohup: { flags: [], valued: [] },
  setsid: { flags: ['-c', '--ctty', '-f', '--fork', '-w', '--wait'], valued: [] },
  timeout: {
    flags: ['--preserve-status', '--foreground', '-v', '--verbose'],
    valued: ['-s', '--signal', '-k', '--kill-after'],
    positional: 1,
  },
  nice: { flags: [], valued: ['-n', '--adjustment'], numericFlags: true },
  stdbuf: { flags: [], valued: ['-i', '--input', '-o', '--output', '-e', '--error'] },
  time: {
    flags: ['-p', '--portability', '-v', '--verbose', '-a', '--append', '-q', '--quiet'],
    valued: ['-f', '--format', '-o', '--output'],
  },
  xargs: {
    flags: [
      '-0',
      '--null',
      '-r',
      '--no-run-if-empty',
      '-t',
      '--verbose',
      '-p',
      '--interactive',
      '-x',
      '--exit',
      '-o',
      '--open-tty',
      '-i',
      '-l',
      '-e',
    ],
    valued: [
      '-a',
      '--arg-file',
      '-d',
      '--delimiter',
      '-E',
      '--eof',
      '-I',
      '--replace',
      '-L',
      '--max-lines',
      '-n',
      '--max-args',
      '-P',
      '--max-procs',
      '-s',
      '--max-chars',
      '--process-slot-var',
    ],
    defaultCommand: 'echo',
  },
  sudo: {
    flags: ['-b', '-E', '-H', '-n', '-P', '-S', '-k', '-K', '-i', '-s', '--'],
    valued: [
      '-u',
      '--user',
      '-g',
      '--group',
      '-C',
      '-D',
      '--chdir',
      '-h',
      '--host',
      '-p',
      '--prompt',
      '-r',
      '-t',
      '-T',
      '-U',
    ],
  },
  doas: { flags: ['-n', '-s'], valued: ['-u', '-C'] },
  busybox: { flags: [], valued: [] },
};

/** Shells whose `-c` argument is a command line of its own, judged like the outer one. */
const shells = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh']);

export type Unwrapped =
  | { kind: 'none' }
  | { kind: 'command'; words: ReadonlyArray<string | undefined> }
  | { kind: 'script'; script: string | undefined }
  | { kind: 'opaque'; reason: string };

/**
 * What a program runs on its own behalf, from its literal arguments (`undefined` for a word
 * computed at run time): a command (`timeout 5 rm x` → `rm x`), a script (`sh -c '...'`,
 * `eval ...`), nothing, or something the lists cannot see into.
 */
export function unwrap(program: string, args: ReadonlyArray<string | undefined>): Unwrapped {
  if (program === 'eval') return { kind: 'script', script: joinLiteral(args) };
  if (shells.has(program)) return shellScript(program, args);
  if (program === 'find') return findExec(args);
  const syntax = wrappers[program];
  if (syntax === undefined) return { kind: 'none' };
  let index = 0;
  let positional = syntax.positional ?? 0;
  while (index < args.length) {
    const word = args[index];
    if (word === undefined) return { kind: 'opaque', reason: `an option of ${program} is computed when it runs` };
    if (word === '--') {
      index += 1;
      break;
    }
    if (word.startsWith('-') && word !== '-' && positional === (syntax.positional ?? 0)) {
      const name = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
      if (syntax.lookupOnly?.includes(name) === true) return { kind: 'none' };
      if (syntax.opaque?.includes(name) === true)
        return { kind: 'opaque', reason: `${program} ${name} runs a command line the lists cannot see into` };
      if (syntax.flags.includes(word) || (syntax.numericFlags === true && /^-\d+$/.test(word))) {
        index += 1;
        continue;
      }
      if (syntax.valued.includes(name)) {
        index += word.includes('=') ? 1 : 2;
        continue;
      }
      const attached = syntax.valued.find((option) => !option.startsWith('--') && word.startsWith(option));
      if (attached !== undefined) {
        index += 1;
        continue;
      }
      return { kind: 'opaque', reason: `${program} is given the option ${word}, which the lists do not know` };
    }
    if (word === '-' && syntax.flags.includes('-')) {
      index += 1;
      continue;
    }
    if (syntax.assignments === true && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      index += 1;
      continue;
    }
    if (positional > 0) {
      positional -= 1;
      index += 1;
      continue;
    }
    break;
  }
  const words = args.slice(index);
  if (words.length > 0) return { kind: 'command', words };
  return syntax.defaultCommand === undefined ? { kind: 'none' } : { kind: 'command', words: [syntax.defaultCommand] };
}

/** `sh -c 'script'` (also `-ec`, `-lc`...); a shell without `-c` reads a file or its input, as any interpreter does. */
function shellScript(program: string, args: ReadonlyArray<string | undefined>): Unwrapped {
  for (const [index, word] of args.entries()) {
    if (word === undefined) return { kind: 'opaque', reason: `an argument of ${program} is computed when it runs` };
    if (!word.startsWith('-') || word === '-' || word === '--') return { kind: 'none' };
    if (!word.startsWith('--') && word.slice(1).includes('c')) return { kind: 'script', script: args[index + 1] };
  }
  return { kind: 'none' };
}

/** `find ... -exec rm {} ;` runs `rm {}`: the first `-exec`, `-execdir`, `-ok` or `-okdir`, up to `;` or `+`. */
function findExec(args: ReadonlyArray<string | undefined>): Unwrapped {
  const start = args.findIndex(
    (word) => word === '-exec' || word === '-execdir' || word === '-ok' || word === '-okdir',
  );
  if (start === -1) return { kind: 'none' };
  const rest = args.slice(start + 1);
  const end = rest.findIndex((word) => word === ';' || word === '+');
  const words = end === -1 ? rest : rest.slice(0, end);
  if (words.length === 0) return { kind: 'none' };
  const after = end === -1 ? [] : rest.slice(end + 1);
  // A second -exec would run another command the first one hides.
  if (after.some((word) => word === undefined || /^-(exec|execdir|ok|okdir)$/.test(word)))
    return { kind: 'opaque', reason: 'find runs more than one command with -exec' };
  return { kind: 'command', words };
}

function joinLiteral(words: ReadonlyArray<string | undefined>): string | undefined {
  return words.some((word) => word === undefined) ? undefined : words.join(' ');
}
