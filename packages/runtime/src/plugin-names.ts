/**
 * Backend types served by a package whose name is not derived from the type: the generic
 * Chat Completions backend and its hosted presets.
 */
const backendTypeAliases: Readonly<Record<string, string>> = {
  chatcompletion: '@massgen/backend-openai-compatible',
  groq: '@massgen/backend-openai-compatible',
  together: '@massgen/backend-openai-compatible',
  openrouter: '@massgen/backend-openai-compatible',
  cerebras: '@massgen/backend-openai-compatible',
  fireworks: '@massgen/backend-openai-compatible',
};

/** Packages to try, in order, for `backend.type` (or exactly `backend.package` when given). */
export function backendPackageCandidates(type: string, explicitPackage?: string): string[] {
  if (explicitPackage !== undefined) return [explicitPackage];
  const alias = backendTypeAliases[type];
  if (alias !== undefined) return [alias];
  const slug = type.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/backend-${slug}`, `massgen-backend-${slug}`];
}

/** Packages to try, in order, for a strategy name (`vote`, `sequential`, or a package name). */
export function strategyPackageCandidates(name: string): string[] {
  if (name.startsWith('@') || name.includes('/') || name.startsWith('massgen-strategy-')) return [name];
  const slug = name.trim().toLowerCase().replace(/_/g, '-');
  return [`@massgen/strategy-${slug}`, `massgen-strategy-${slug}`];
}
