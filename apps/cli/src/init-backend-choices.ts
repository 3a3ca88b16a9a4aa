import { backendCatalog, catalogBackendTypes, findBackendType, type BackendCatalogEntry } from '@massgen/config';

/** What `massgen init` knows about a backend type: a sensible model, and where its key comes from. */
export interface InitBackendChoice {
  type: string;
  label: string;
  defaultModel: string;
  /** Environment variables any one of which holds the key; empty when the backend needs none. */
  keyVariables: readonly string[];
  /** A base URL the configuration should name (a local server, a gateway, an Azure resource). */
  defaultBaseUrl?: string;
}

/**
 * Every backend type `init` offers, from the backends' metadata: the first-party ones, and the
 * third-party packages installed in the project (`catalog`).
 */
export function initBackendChoices(catalog: readonly BackendCatalogEntry[] = backendCatalog): InitBackendChoice[] {
  return catalogBackendTypes(catalog).map((type) => ({
    type: type.type,
    label: type.displayName,
    defaultModel: type.defaultModel ?? '',
    keyVariables: type.apiKeyEnvironmentVariables,
    ...(type.exampleBaseUrl === undefined ? {} : { defaultBaseUrl: type.exampleBaseUrl }),
  }));
}

/** The choice a name means, by type or alias (`anthropic` for claude), without regard to case. */
export function findInitBackend(
  name: string,
  catalog: readonly BackendCatalogEntry[] = backendCatalog,
): InitBackendChoice | undefined {
  const type = findBackendType(name, catalog)?.type;
  return initBackendChoices(catalog).find((choice) => choice.type === type);
}
