/** Characters of one tool result a model sees, unless the settings say otherwise (about 5,000 tokens). */
export const defaultMaxResultCharacters = 20_000;

/**
 * Keeps the start of a long tool result and says how much was cut, so the model knows the
 * result is incomplete and can ask for less (a narrower query, a range of lines).
 */
export function capResult(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  let end = maxCharacters;
  // Never split a surrogate pair: half an emoji is invalid text for most providers.
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  const cut = text.length - end;
  return `${text.slice(0, end)}\n\n[Result truncated: ${cut} of ${text.length} characters were cut; only the first ${end} are shown.]`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
