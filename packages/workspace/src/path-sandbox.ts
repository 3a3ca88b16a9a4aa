import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { isWithin, isWithinAnySpelling } from './path-containment.js';
import { checkPathInput } from './path-input.js';
import { resolveRealPath } from './real-path.js';
import type { Access, SandboxRoot, SandboxView } from './sandbox-view.js';

/** The virtual directory under which an agent sees its peers' snapshots. */
export const peersDirectory = 'peers';

export type PathIntent = 'read' | 'write';

/** A path the sandbox let through: where it really is, and how to show it to the agent. */
export interface ResolvedPath {
  realPath: string;
  displayPath: string;
  root: SandboxRoot;
}

/** The virtual `peers` directory itself, which has no place on disk. */
export interface PeersListing {
  kind: 'peers';
  labels: string[];
}

/**
 * Decides every path a file tool touches. A path is interpreted (relative to the workspace,
 * `peers/<label>/...` into a snapshot, or absolute), then resolved to where it really leads
 * through any symbolic link, and only then checked against the roots: the check is on the real
 * path, so `..`, links and look-alike siblings cannot lead outside.
 */
export class PathSandbox {
  constructor(private readonly view: () => SandboxView) {}

  /** Resolves a tool's path argument for reading or writing, or throws `PATH_DENIED`. */
  async resolve(value: unknown, intent: PathIntent, argument = 'path'): Promise<ResolvedPath> {
    const target = this.interpret(value, argument);
    if (target.kind === 'peers') {
      throw new MassGenError({
        code: 'PATH_DENIED',
        message: `"${peersDirectory}" only holds other agents' snapshots; name a file inside one, such as ${peersDirectory}/agent2/...`,
      });
    }
    return this.check(target.candidate, String(value), intent);
  }

  /** Like `resolve` for reading, but the bare `peers` directory is also accepted, for listing. */
  async resolveListing(value: unknown, argument = 'path'): Promise<ResolvedPath | PeersListing> {
    const target = this.interpret(value, argument);
    if (target.kind === 'peers') return { kind: 'peers', labels: [...this.view().peers.keys()].sort() };
    return this.check(target.candidate, String(value), 'read');
  }

  /**
   * What the agent may do at a real path it reached by walking a directory without following
   * links (listing, searching, copying a tree), so private areas inside a root stay hidden.
   */
  accessAt(realPath: string): Access {
    return innermostRoot(this.view().roots, realPath)?.access ?? 'none';
  }

  /** Whether a file tool may write at a real path reached by walking (a tree copy's targets). */
  canWrite(realPath: string): boolean {
    const view = this.view();
    return (
      innermostRoot(view.roots, realPath)?.access === 'write' &&
      !view.protectedPaths.some((protectedPath) => isWithinAnySpelling(protectedPath, realPath))
    );
  }

  /** How the agent names a real path inside an allowed root. */
  displayOf(realPath: string): string {
    const root = innermostRoot(this.view().roots, realPath);
    return root === undefined ? '(outside)' : displayWithin(root, realPath);
  }

  private interpret(value: unknown, argument: string): { kind: 'path'; candidate: string } | { kind: 'peers' } {
    const raw = checkPathInput(value, argument);
    if (path.isAbsolute(raw)) return { kind: 'path', candidate: path.resolve(raw) };
    const view = this.view();
    const relative = path.normalize(raw === '' ? '.' : raw);
    const [first, label, ...rest] = relative.split(path.sep);
    if (first === peersDirectory) {
      if (label === undefined || label === '') return { kind: 'peers' };
      const snapshot = view.peers.get(label);
      if (snapshot === undefined) {
        const known = [...view.peers.keys()].sort();
        throw new MassGenError({
          code: 'PATH_DENIED',
          message: `No shared work from "${label}" yet. ${known.length === 0 ? 'No other agent has submitted an answer yet.' : `Available: ${known.map((name) => `${peersDirectory}/${name}`).join(', ')}.`}`,
        });
      }
      return { kind: 'path', candidate: path.join(snapshot, ...rest) };
    }
    if (view.workspace === undefined) {
      throw new MassGenError({
        code: 'PATH_DENIED',
        message: `"${raw}" is relative, but you have no workspace; use an absolute context path or ${peersDirectory}/<label>/...`,
      });
    }
    return { kind: 'path', candidate: path.resolve(view.workspace, relative) };
  }

  private async check(candidate: string, raw: string, intent: PathIntent): Promise<ResolvedPath> {
    const realPath = await resolveRealPath(candidate);
    const view = this.view();
    const root = innermostRoot(view.roots, realPath);
    if (root === undefined || root.access === 'none') {
      throw new MassGenError({
        code: 'PATH_DENIED',
        message: `"${raw}" is outside the directories you may use: your workspace, ${peersDirectory}/<label>/ and the context paths.`,
      });
    }
    const displayPath = displayWithin(root, realPath);
    if (intent === 'write') {
      if (root.access !== 'write') {
        throw new MassGenError({
          code: 'PATH_DENIED',
          message: `"${displayPath}" is read-only: ${root.readOnlyReason ?? 'you may read it but not change it'}.`,
        });
      }
      if (view.protectedPaths.some((protectedPath) => isWithinAnySpelling(protectedPath, realPath))) {
        throw new MassGenError({
          code: 'PATH_DENIED',
          message: `"${displayPath}" is a protected path; it may be read but never changed.`,
        });
      }
    }
    return { realPath, displayPath, root };
  }
}

/** When two roots name the same directory, a private area stays private, else the wider access applies. */
const tieRank: Record<Access, number> = { read: 1, write: 2, none: 3 };

function innermostRoot(roots: readonly SandboxRoot[], realPath: string): SandboxRoot | undefined {
  let best: SandboxRoot | undefined;
  for (const root of roots) {
    if (!isWithin(root.realPath, realPath)) continue;
    if (best === undefined || root.realPath.length > best.realPath.length) best = root;
    else if (root.realPath === best.realPath && tieRank[root.access] > tieRank[best.access]) best = root;
  }
  return best;
}

function displayWithin(root: SandboxRoot, realPath: string): string {
  const relative = path.relative(root.realPath, realPath);
  if (root.displayPath === '') return relative === '' ? '.' : relative;
  return relative === '' ? root.displayPath : path.join(root.displayPath, relative);
}
