import type { DisplaySettings } from '@massgen/config';

/**
 * How a run shows itself:
 * - `live`: the terminal UI (agent cards, timeline, keys);
 * - `simple`: plain progress lines on stderr, the answer and a summary after;
 * - `quiet`: `--no-display`, the final answer alone on stdout, progress lines on stderr;
 * - `silent`: `display.type: none`, the final answer alone, nothing else unless it fails.
 */
export type DisplayMode = 'live' | 'simple' | 'quiet' | 'silent';

export interface DisplayChoiceInput {
  configured: DisplaySettings['type'];
  /** False with `--no-display`. */
  displayFlag: boolean;
  stdoutIsTerminal: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Picks the display. The live UI needs a terminal that can redraw in place: when stdout is a
 * pipe or a file, the terminal is `dumb`, or the run is in CI (where ink would only print its
 * last frame), plain lines are the useful output, so the simple display is chosen instead.
 */
export function chooseDisplay(input: DisplayChoiceInput): DisplayMode {
  if (!input.displayFlag) return 'quiet';
  if (input.configured === 'none') return 'silent';
  if (input.configured === 'simple') return 'simple';
  if (!input.stdoutIsTerminal || input.env['TERM'] === 'dumb' || isCi(input.env)) return 'simple';
  return 'live';
}

/** The same test ink applies: set, and neither `0` nor `false`. */
function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  return ['CI', 'CONTINUOUS_INTEGRATION'].some((name) => {
    const value = env[name];
    return value !== undefined && value !== '0' && value !== 'false';
  });
}
