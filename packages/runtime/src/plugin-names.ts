import { findBackendType } from '@massgen/config';

/** Packages to try, in order, for `backend.type` (or exactly `backend.package` when given). */
export function backendPackageCandidates(type: string, explicitPackage?: string): string[] {
  if (explicitPackage !== undefined) return [explicitPackage];
  // A first-party type or alias names its package; so a preset such as `groq` loads the Chat Completions package.
  const known = findBackendType(type);
  if (known !== undefined) return [known.package];
  const slug = type.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/backend-${slug}`, `massgen-backend-${slug}`];
}

/** Packages to try, in order, for a strategy name (`vote`, `sequential`, or a package name). */
export function strategyPackageCandidates(name: string): string[] {
  if (name.startsWith('@') || name.includes('/') || name.startsWith('massgen-strategy-')) return [name];
  const slug = name.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/strategy-${slug}`, `massgen-strategy-${slug}`];
}
