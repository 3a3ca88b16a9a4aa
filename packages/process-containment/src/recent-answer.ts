/** What `recentAnswer` needs besides the question: how long an answer stays good, and the time. */
export interface RecentAnswerOptions {
  lifetimeMs: number;
  now?: () => number;
}

/**
 * Wraps a slow probe so that callers within `lifetimeMs` of each other, asking with the same key,
 * share one answer (and one probe while it is under way); a later caller or another key probes
 * afresh, so a change on the machine is still noticed on the next check.
 */
export function recentAnswer<Answer>(
  probe: () => Promise<Answer>,
  key: () => string,
  { lifetimeMs, now = Date.now }: RecentAnswerOptions,
): () => Promise<Answer> {
  let recent: { key: string; at: number; answer: Promise<Answer> } | undefined;
  return () => {
    const asked = key();
    const at = now();
    if (recent === undefined || recent.key !== asked || at - recent.at > lifetimeMs)
      recent = { key: asked, at, answer: probe() };
    return recent.answer;
  };
}
