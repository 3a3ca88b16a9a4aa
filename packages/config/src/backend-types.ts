import {
  backendCatalog,
  catalogBackendTypes,
  findBackendRedirect,
  type BackendCatalogEntry,
  type CatalogBackendType,
} from './backend-catalog.js';

/**
 * Backend types MassGen-TS ships a package for, from the packages' own metadata. Any other type
 * is still loaded by name (`type: x` loads `@massgen/backend-x`), from a package the user installs.
 */
export const supportedBackendTypes: readonly string[] = catalogBackendTypes().map((type) => type.type);

/**
 * Why a backend type has no MassGen-TS package, with what to use instead: upstream types with no
 * counterpart, and provider names that are written another way (`ollama`). The configuration still
 * loads: the runtime fails later, naming the package it could not find.
 */
export function upstreamBackendTypeNote(type: string): string | undefined {
  if (type === 'ag2') return 'AG2 (AutoGen) agents are not supported by MassGen-TS';
  if (type === 'inference' || type === 'uitars') return `upstream's "${type}" backend is not supported by MassGen-TS`;
  const redirect = findBackendRedirect(type);
  if (redirect !== undefined) {
    return `MassGen-TS has no "${type}" type; write type: "${redirect.type}"${redirect.hint === undefined ? '' : ` ${redirect.hint}`}`;
  }
  return undefined;
}

/** Whether `model` (lower case) matches a pattern: `gpt-*` a prefix, `*.gguf` a suffix, else the exact name. */
function matchesModelPattern(model: string, pattern: string): boolean {
  const lower = pattern.toLowerCase();
  if (lower.endsWith('*')) return model.startsWith(lower.slice(0, -1));
  if (lower.startsWith('*')) return model.endsWith(lower.slice(1));
  return model === lower;
}

/**
 * The backend type a bare model name implies, for `massgen --model M` without `--backend`: the
 * type whose `modelPatterns` match (OpenAI, Anthropic, Google and xAI families by prefix, a `.gguf`
 * file for the local backend), else the type that takes unknown models (a chat-completions endpoint).
 * `catalog` adds installed third-party packages to the first-party ones.
 */
export function inferBackendType(model: string, catalog: readonly BackendCatalogEntry[] = backendCatalog): string {
  const name = model.trim().toLowerCase();
  const types: CatalogBackendType[] = catalogBackendTypes(catalog);
  const matched = types.find((type) =>
    (type.modelPatterns ?? []).some((pattern) => matchesModelPattern(name, pattern)),
  );
  return (matched ?? types.find((type) => type.fallbackForUnknownModels === true))?.type ?? 'chatcompletion';
}
