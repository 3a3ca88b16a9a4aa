/**
 * Plain-text shaping for fixed-width cells. Widths count code points: agent output is mostly
 * Latin text, and every line is also rendered with ink's truncation, so a wide character can
 * shorten a line but never break the layout.
 */

const ellipsis = '…';

/** Collapses runs of whitespace (newlines included) to single spaces. */
/** `alpha, beta and 3 more`: up to `limit` names, then how many are left out. */
export function listNames(names: readonly string[], limit = 3): string {
  const more = names.length > limit ? ` and ${names.length - limit} more` : '';
  return `${names.slice(0, limit).join(', ')}${more}`;
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts `text` to at most `width` code points, marking the cut with an ellipsis. */
export function truncateEnd(text: string, width: number): string {
  if (width <= 0) return '';
  const points = Array.from(text);
  if (points.length <= width) return text;
  if (width === 1) return ellipsis;
  return `${points.slice(0, width - 1).join('')}${ellipsis}`;
}

/** The end of `text` in at most `width` code points, marking the cut with a leading ellipsis. */
export function truncateStart(text: string, width: number): string {
  if (width <= 0) return '';
  const points = Array.from(text);
  if (points.length <= width) return text;
  if (width === 1) return ellipsis;
  return `${ellipsis}${points.slice(points.length - (width - 1)).join('')}`;
}

/** Pads or cuts `text` to exactly `width` code points. */
export function fitWidth(text: string, width: number): string {
  const cut = truncateEnd(text, width);
  return cut + ' '.repeat(Math.max(0, width - Array.from(cut).length));
}

/**
 * Wraps text to `width` columns: at spaces where it can, inside a word when a word alone is
 * wider than a line. Newlines in the text start new lines; blank lines are kept.
 */
export function wrapText(text: string, width: number): string[] {
  const size = Math.max(1, width);
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').split('\n')) {
    let current: string[] = [];
    for (const word of paragraph.split(/(\s+)/)) {
      if (word === '') continue;
      const points = Array.from(word);
      if (current.length + points.length <= size) {
        current.push(...points);
        continue;
      }
      if (/^\s+$/.test(word)) {
        lines.push(current.join('').trimEnd());
        current = [];
        continue;
      }
      if (current.length > 0) lines.push(current.join('').trimEnd());
      let rest = points;
      while (rest.length > size) {
        lines.push(rest.slice(0, size).join(''));
        rest = rest.slice(size);
      }
      current = rest;
    }
    lines.push(current.join('').trimEnd());
  }
  return lines;
}

/**
 * The last `count` wrapped lines of `text`. Only the end of a long text is wrapped: agent output
 * grows to many kilobytes and is re-wrapped at every frame, and earlier lines are never shown.
 */
export function tailLines(text: string, width: number, count: number): string[] {
  if (count <= 0) return [];
  const window = Math.max(512, count * Math.max(1, width) * 2);
  let slice = text;
  if (text.length > window) {
    slice = text.slice(-window);
    // Start at a line boundary when there is one, so the first kept line wraps as it would in full.
    const newline = slice.indexOf('\n');
    if (newline >= 0 && newline < slice.length - 1) slice = slice.slice(newline + 1);
  }
  const lines = wrapText(slice, width);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.slice(-count);
}
