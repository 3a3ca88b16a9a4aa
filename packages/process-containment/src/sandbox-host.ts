import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { realPathOrResolved } from './real-path.js';

/** What is at a path, the final symbolic link not followed. */
export type PathKind = { kind: 'directory' | 'file' | 'missing' } | { kind: 'link'; target: string };

/** The facts about this machine that shape a sandbox; a test gives its own. */
export interface SandboxHost {
  /** The user's home directory (real path); inside the sandbox it is empty. */
  homeDirectory: string;
  /** The directories of `PATH`, so that the programs a command names are found. */
  pathEntries: readonly string[];
  /** MassGen runs as root: the sandbox then drops every capability, so file permissions hold. */
  privileged: boolean;
  /** Files of the system directories that hold secrets (password hashes, host keys). */
  systemSecrets: readonly string[];
  inspect(file: string): PathKind;
}

/** Directories every program needs, mounted read-only: the rest of the machine stays out. */
export const systemDirectories = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
  '/nix',
] as const;

/** This machine, as the sandbox sees it; `env` (the process's environment) gives `HOME` and `PATH`. */
export function currentSandboxHost(env: Readonly<Record<string, string | undefined>> = process.env): SandboxHost {
  return {
    homeDirectory: realPathOrResolved(env['HOME'] ?? os.homedir()),
    pathEntries: (env['PATH'] ?? '').split(path.delimiter).filter((entry) => path.isAbsolute(entry)),
    privileged: process.getuid?.() === 0,
    systemSecrets: systemSecretFiles(),
    inspect: inspectPath,
  };
}

function inspectPath(file: string): PathKind {
  try {
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) return { kind: 'link', target: readlinkSync(file) };
    return { kind: stats.isDirectory() ? 'directory' : 'file' };
  } catch {
    return { kind: 'missing' };
  }
}

function systemSecretFiles(): string[] {
  const hostKeys = (() => {
    try {
      return readdirSync('/etc/ssh')
        .filter((name) => /^ssh_host_.*_key$/.test(name))
        .map((name) => `/etc/ssh/${name}`);
    } catch {
      return [];
    }
  })();
  return ['/etc/shadow', '/etc/shadow-', '/etc/gshadow', '/etc/gshadow-', ...hostKeys];
}
