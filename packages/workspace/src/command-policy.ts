import { toMassGenError } from '@massgen/core';
import { listInvocations } from './shell-invocations.js';
import type { Invocation } from './shell-invocations.js';

/** A pattern as configured, and compiled to match from the start of a command. */
export interface CommandPattern {
  source: string;
  expression: RegExp;
}

/** The allow and block lists of one agent's command tool, compiled. */
export interface CommandPolicy {
  /** When non-empty, every program a command line runs must match one of these. */
  allowed: readonly CommandPattern[];
  /** No program a command line runs may match one of these. */
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
 * Judges a command line against the lists. The line is parsed as POSIX shell (mvdan/sh) and
 * every program it can run is judged on its own (see `listInvocations`), as the text
 * `program arg1 arg2...` with quotes and escapes removed. A program named with a path is
 * judged by its name against the block list (`/bin/rm` is `rm`) and as written against the
 * allow list (`./python` is not `python`). Refused: a line that does not parse, a program whose
 * name is computed when it runs (`$cmd`, `$(...)`, globs), and a wrapper whose command cannot be
 * told apart. What a program does once it runs is beyond the lists: an allowed interpreter,
 * script or build tool can do anything its user can. They filter what the model asks for; they
 * are not a sandbox.
 */
export function judgeCommand(commandLine: string, policy: CommandPolicy): CommandVerdict {
  if (policy.allowed.length === 0 && policy.blocked.length === 0) return { allowed: true };
  let invocations: Invocation[];
  try {
    invocations = listInvocations(commandLine);
  } catch (error) {
    return { allowed: false, reason: toMassGenError(error).message };
  }
  if (invocations.length === 0) return { allowed: false, reason: 'the command line runs no command' };
  for (const invocation of invocations) {
    const verdict = judgeInvocation(invocation, policy);
    if (!verdict.allowed) return verdict;
  }
  return { allowed: true };
}

function judgeInvocation(invocation: Invocation, policy: CommandPolicy): CommandVerdict {
  if (invocation.program === undefined)
    return {
      allowed: false,
      reason: `in "${invocation.source}" the program to run is computed when it runs ($VAR, $(...), wildcards), so the command lists cannot judge it; write its name out`,
    };
  const asWritten = [invocation.program, ...invocation.args].join(' ');
  const byName = [invocation.program.slice(invocation.program.lastIndexOf('/') + 1), ...invocation.args].join(' ');
  const blocked = policy.blocked.find(
    (pattern) => pattern.expression.test(asWritten) || pattern.expression.test(byName),
  );
  if (blocked !== undefined)
    return { allowed: false, reason: `"${asWritten}" matches the blocked pattern ${describe(blocked)}` };
  if (invocation.opaque !== undefined)
    return { allowed: false, reason: `in "${invocation.source}" ${invocation.opaque}` };
  if (policy.allowed.length === 0 || invocation.wrapper) return { allowed: true };
  if (policy.allowed.some((pattern) => pattern.expression.test(asWritten))) return { allowed: true };
  return {
    allowed: false,
    reason: `"${asWritten}" matches none of the allowed patterns (${policy.allowed.map(describe).join(', ')})`,
  };
}

function describe(pattern: CommandPattern): string {
  return JSON.stringify(pattern.source);
}
