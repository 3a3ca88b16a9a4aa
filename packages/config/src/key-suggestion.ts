/**
 * The known key a mistyped key most likely meant (`temprature` → `temperature`), or
 * `undefined` when none is close. Close means at most two edits, and fewer than half the key.
 */
export function suggestKey(key: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(3, Math.ceil(key.length / 2));
  for (const candidate of candidates) {
    const distance = editDistance(key.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance with one rolling row. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= to.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (from[row - 1] === to[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[to.length] ?? 0;
}

/**
 * The known names closest to a mistyped one, nearest first: `antropic` → `anthropic`,
 * `claude-code` → `claude_code`. Close means at most a third of the name's letters differ.
 */
export function suggestNames(name: string, candidates: Iterable<string>, limit = 2): string[] {
  const typed = name.trim().toLowerCase();
  const allowed = Math.max(1, Math.floor(typed.length / 3));
  return [...new Set(candidates)]
    .map((candidate) => ({ candidate, distance: editDistance(typed, candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => candidate !== name && distance <= allowed)
    .sort((first, second) => first.distance - second.distance || first.candidate.localeCompare(second.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
