import os from 'node:os';
import path from 'node:path';
import type { WorkspaceAccess, WorkspaceRoot } from '@massgen/core';
import { realTargetPath } from './real-target-path.js';

/** Where Claude Code works and what it may touch, read again for every decision. */
export interface ClaudeCodeWorkspace {
  /** Claude Code's working directory: real, absolute and created. */
  readonly directory: string;
  roots(): readonly WorkspaceRoot[];
  protectedPaths(): readonly string[];
}

export type ConfinementDecision = { allowed: true } | { allowed: false; reason: string };

/** The paths a built-in tool call touches, and whether it writes them. */
export interface ToolPaths {
  intent: 'read' | 'write';
  paths: string[];
}

const globCharacters = /[*?[\]{}]/;

function stringField(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The fixed directory an absolute glob such as `/etc/**\/*.conf` starts from. */
function globBase(pattern: string): string | undefined {
  if (!path.isAbsolute(pattern)) return undefined;
  const segments = pattern.split(/[\\/]/);
  const firstGlob = segments.findIndex((segment) => globCharacters.test(segment));
  const fixed = firstGlob === -1 ? segments : segments.slice(0, firstGlob);
  return fixed.join('/') || '/';
}

/**
 * The file paths Claude Code's built-in file tools use, by tool name. Tools not listed here do
 * not name files (or are shell tools, governed by `allowed_tools` instead); a search without a
 * path searches the working directory.
 */
export function toolPaths(toolName: string, input: Record<string, unknown>): ToolPaths | undefined {
  const present = (...values: Array<string | undefined>): string[] =>
    values.filter((value): value is string => value !== undefined);
  switch (toolName) {
    case 'Read':
      return { intent: 'read', paths: present(stringField(input, 'file_path')) };
    case 'NotebookRead':
      return { intent: 'read', paths: present(stringField(input, 'notebook_path')) };
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
      return { intent: 'write', paths: present(stringField(input, 'file_path')) };
    case 'NotebookEdit':
      return { intent: 'write', paths: present(stringField(input, 'notebook_path')) };
    case 'Glob': {
      const pattern = stringField(input, 'pattern');
      return {
        intent: 'read',
        paths: present(stringField(input, 'path') ?? '.', pattern === undefined ? undefined : globBase(pattern)),
      };
    }
    case 'Grep':
    case 'LS':
      return { intent: 'read', paths: present(stringField(input, 'path') ?? '.') };
    default:
      return undefined;
  }
}

function contains(directory: string, candidate: string): boolean {
  if (candidate === directory) return true;
  return candidate.startsWith(directory.endsWith(path.sep) ? directory : directory + path.sep);
}

/** The innermost root that contains the path decides; a path in none is off limits. */
function rootFor(realPath: string, roots: readonly WorkspaceRoot[]): WorkspaceRoot | undefined {
  let best: WorkspaceRoot | undefined;
  for (const root of roots) {
    if (contains(root.path, realPath) && (best === undefined || root.path.length > best.path.length)) best = root;
  }
  return best;
}

function accessAt(root: WorkspaceRoot | undefined): WorkspaceAccess {
  return root?.access ?? 'none';
}

function describeRoot(root: WorkspaceRoot): string {
  return root.name === undefined || root.name === root.path ? root.path : `${root.name} (${root.path})`;
}

function expandHome(file: string): string {
  return file === '~' || file.startsWith('~/') ? path.join(os.homedir(), file.slice(1)) : file;
}

/**
 * Whether a built-in tool call stays inside what the agent may use right now: reads inside its
 * workspace, its peers' shared work and its context paths; writes only where the run lets it write
 * and never into a protected path. Paths are judged by where they really lead (symbolic links and
 * `..` resolved), so a link inside the workspace cannot reach outside it.
 */
export async function judgeToolUse(
  toolName: string,
  input: Record<string, unknown>,
  workspace: ClaudeCodeWorkspace,
): Promise<ConfinementDecision> {
  const touched = toolPaths(toolName, input);
  if (touched === undefined) return { allowed: true };
  const roots = workspace.roots();
  for (const requested of touched.paths) {
    if (requested.includes('\0'))
      return { allowed: false, reason: `${toolName} refused: the path contains a NUL character.` };
    const real = await realTargetPath(path.resolve(workspace.directory, expandHome(requested)));
    if (real === undefined)
      return { allowed: false, reason: `${toolName} refused: ${requested} goes through a loop of symbolic links.` };
    const root = rootFor(real, roots);
    const access = accessAt(root);
    if (access === 'none') {
      return {
        allowed: false,
        reason: `${toolName} refused: ${requested} is outside your workspace (${workspace.directory}) and the paths shared with you.`,
      };
    }
    if (touched.intent === 'read') continue;
    if (access === 'read' && root !== undefined) {
      return {
        allowed: false,
        reason: `${toolName} refused: ${requested} is in ${describeRoot(root)}, which you may read but not change now; write in your workspace (${workspace.directory}) instead.`,
      };
    }
    if (workspace.protectedPaths().some((protectedPath) => contains(protectedPath, real))) {
      return {
        allowed: false,
        reason: `${toolName} refused: ${requested} is a protected path that nobody may change.`,
      };
    }
  }
  return { allowed: true };
}

/** Directories besides the working directory that Claude Code may open at all (its `additionalDirectories`). */
export function readableDirectories(workspace: ClaudeCodeWorkspace): string[] {
  return workspace
    .roots()
    .filter((root) => root.access !== 'none' && root.path !== workspace.directory)
    .map((root) => root.path);
}
