/**
 * `load` run at the first call and shared by the later ones, but not a failure: a missing key may
 * be set, or a missing optional SDK installed, before the next call. For vendor SDKs (imported at
 * the first model call, so `massgen --help` does not parse them) and the clients made from them.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
