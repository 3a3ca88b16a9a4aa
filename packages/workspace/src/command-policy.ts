/** A pattern as configured, and compiled to match from the start of a command. */
export interface CommandPattern {
  source: string;
  expression: RegExp;
}

/** The allow and block lists of one agent's command tool, compiled. */
export interface CommandPolicy {
  /** When non-empty, every command in a command line must start with a match of one of these. */
  allowed: readonly CommandPattern[];
  /** No command in a command line may start with a match of one of these. */
  blocked: readonly CommandPattern[];
}

export type CommandVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Compiles upstream's `command_line_allowed_commands` / `command_line_blocked_commands`. As
 * upstream does, a pattern matches from the start of a command (`python.*`, `git push`).
 */
export function compileCommandPolicy(settings: {
  allowedCommands: readonly string[];
  blockedCommands: readonly string[];
}): CommandPolicy {
  const anchored = (source: string): CommandPattern => ({ source, expression: new RegExp(`^(?:${source})`, 's') });
  return { allowed: settings.allowedCommands.map(anchored), blocked: settings.blockedCommands.map(anchored) };
}

/**
 * Judges a command line. It is split into the commands it chains (`;`, `&&`, `||`, `|`, `&`,
 * new lines) and each is judged on its own, so `ls && rm -rf x` cannot pass on its first half.
 * With an allow list, command substitution (`$(...)`, backquotes, `<(...)`) is refused, since
 * it runs commands the list never sees. This is a filter on what the model asks for, not a
 * sandbox: an allowed interpreter can still do anything its user can.
 */
export function judgeCommand(commandLine: string, policy: CommandPolicy): CommandVerdict {
  const { commands, substitution } = splitCommandLine(commandLine);
  if (commands.length === 0) return { allowed: false, reason: 'the command is empty' };
  for (const command of commands) {
    const pattern = policy.blocked.find((candidate) => candidate.expression.test(command));
    if (pattern !== undefined)
      return { allowed: false, reason: `"${command}" matches the blocked pattern ${describe(pattern)}` };
  }
  if (policy.allowed.length === 0) return { allowed: true };
  if (substitution)
    return {
      allowed: false,
      reason: 'command substitution ($(...), backquotes, <(...)) is not allowed when only listed commands may run',
    };
  const unlisted = commands.find((command) => !policy.allowed.some((candidate) => candidate.expression.test(command)));
  if (unlisted !== undefined) {
    return {
      allowed: false,
      reason: `"${unlisted}" matches none of the allowed patterns (${policy.allowed.map(describe).join(', ')})`,
    };
  }
  return { allowed: true };
}

/** The commands a shell command line chains, each without leading `VAR=value` assignments or grouping. */
export function splitCommandLine(commandLine: string): { commands: string[]; substitution: boolean } {
  const commands: string[] = [];
  let current = '';
  let quote: "'" | '"' | undefined;
  let substitution = false;
  const finish = (): void => {
    const command = current
      .trim()
      .replace(/^(?:[({!]\s*)+/, '')
      .replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"]*"|\S*)\s+)+/, '')
      .trim();
    if (command !== '') commands.push(command);
    current = '';
  };
  for (let index = 0; index < commandLine.length; index += 1) {
    const character = commandLine.charAt(index);
    const next = commandLine.charAt(index + 1);
    const previous = commandLine.charAt(index - 1);
    if (quote === "'") {
      current += character;
      if (character === "'") quote = undefined;
      continue;
    }
    if (character === '\\') {
      current += character + next;
      index += 1;
      continue;
    }
    if (character === '`' || (character === '$' && next === '(')) substitution = true;
    if (quote === '"') {
      current += character;
      if (character === '"') quote = undefined;
      continue;
    }
    if (character === "'" || character === '"') {
      quote = character;
      current += character;
      continue;
    }
    if ((character === '<' || character === '>') && next === '(') substitution = true;
    // `2>&1`, `<&3` and `&>` redirect; they do not end a command.
    const redirect = character === '&' && (previous === '>' || previous === '<' || next === '>');
    if (character === ';' || character === '\n' || character === '|' || (character === '&' && !redirect)) {
      finish();
      if ((character === '&' || character === '|') && next === character) index += 1;
      continue;
    }
    current += character;
  }
  finish();
  return { commands, substitution };
}

function describe(pattern: CommandPattern): string {
  return JSON.stringify(pattern.source);
}
