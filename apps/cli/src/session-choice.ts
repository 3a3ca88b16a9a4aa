import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { SessionStore, runsRoot, sessionsRoot } from '@massgen/runtime';
import type { Session } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { Conversation } from './session-conversation.js';
import type { GivenTeamFlags } from './team-flags.js';

/** The flags that say which team runs; a session stores them so a follow-up runs the same team. */
export interface TeamFlags extends GivenTeamFlags {
  timeout?: number;
}

const teamKeys = ['config', 'model', 'backend', 'baseUrl', 'systemMessage', 'example', 'timeout'] as const;

export interface SessionFlags extends TeamFlags {
  continue?: boolean;
  session?: string;
  historyTokens: number;
  record: boolean;
}

/** The session a question continues: none for a new one (`--continue` and `--session` choose one). */
export function chooseSession(flags: SessionFlags, io: CliIo): Session | undefined {
  if (flags.continue === true && flags.session !== undefined) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: 'Use --continue (the latest session) or --session ID, not both.',
    });
  }
  if (!flags.record && (flags.continue === true || flags.session !== undefined)) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `--no-record writes nothing under .massgen/, so it cannot continue a session stored there; drop one of them.`,
    });
  }
  const store = new SessionStore(sessionsRoot(io.cwd));
  if (flags.continue === true) {
    const latest = store.latest();
    if (latest === undefined) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message:
          'There is no session here to continue yet (.massgen/sessions is empty); ask a question without --continue to start one.',
      });
    }
    return latest;
  }
  return flags.session === undefined ? undefined : store.find(flags.session);
}

/**
 * The team flags to run with: those given, or, when none is, the ones the continued session
 * was started with (a configuration file is found by the absolute path it was stored with).
 */
export function teamForSession<Flags extends SessionFlags>(flags: Flags, session: Session | undefined): Flags {
  const given = teamKeys.some((key) => flags[key] !== undefined && key !== 'timeout');
  const stored = session?.info.team;
  if (given || stored === undefined) return flags;
  const restored: TeamFlags = {};
  for (const key of teamKeys) {
    const value = stored[key];
    if (key === 'timeout' ? typeof value === 'number' : typeof value === 'string')
      Object.assign(restored, { [key]: value });
  }
  return { ...restored, ...definedOnly(flags) } as Flags;
}

/** The conversation a run or an interactive session writes to (created on its first question). */
export function openConversation(flags: SessionFlags, session: Session | undefined, io: CliIo): Conversation {
  const store = new SessionStore(sessionsRoot(io.cwd));
  const team = describeTeam(flags, io);
  return new Conversation({
    ...(session === undefined ? {} : { session }),
    historyTokens: flags.historyTokens,
    ...(flags.record ? { recordsRoot: runsRoot(io.cwd) } : {}),
    startSession: () => {
      if (!flags.record) return undefined;
      // A name given with --session that matches no session names the new one.
      const named = flags.session !== undefined && store.find(flags.session) === undefined ? flags.session : undefined;
      return store.create({ ...(named === undefined ? {} : { id: named }), team });
    },
  });
}

function describeTeam(flags: TeamFlags, io: CliIo): Record<string, unknown> {
  const team: Record<string, unknown> = {};
  for (const key of teamKeys) {
    const value = flags[key];
    if (value !== undefined) team[key] = key === 'config' ? path.resolve(io.cwd, String(value)) : value;
  }
  return team;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
