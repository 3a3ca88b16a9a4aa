/**
 * Lets ink and React finish the work a key press or a store update scheduled, then checks the
 * latest frame. Yields to the event loop between checks instead of sleeping, so the test waits
 * exactly as long as the rendering takes. The limit is wall-clock time rather than a number of
 * turns: ink schedules some renders on timers, and on a busy machine a timer can take longer to
 * fire than any fixed number of event-loop turns.
 */
export async function waitForFrame(
  lastFrame: () => string | undefined,
  predicate: (frame: string) => boolean,
  limitMs = 10_000,
): Promise<string> {
  const giveUpAt = performance.now() + limitMs;
  while (performance.now() < giveUpAt) {
    const frame = lastFrame() ?? '';
    if (predicate(frame)) return frame;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const frame = lastFrame() ?? '';
  if (predicate(frame)) return frame;
  throw new Error(`The frame never matched within ${limitMs} ms. Last frame:\n${frame}`);
}

/** An app as ink-testing-library renders it: keys go in on stdin, frames come out. */
interface RenderedApp {
  stdin: { write(data: string): void };
  lastFrame: () => string | undefined;
}

/** Types `input` into the app, then waits for a frame that shows `shown`. */
export function pressAndWaitFor(app: RenderedApp, input: string, shown: string): Promise<string> {
  app.stdin.write(input);
  return waitForFrame(app.lastFrame, (frame) => frame.includes(shown));
}

/** The frame's lines with trailing spaces removed. */
export function frameLines(frame: string): string[] {
  return frame.split('\n').map((line) => line.trimEnd());
}
