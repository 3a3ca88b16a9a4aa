/**
 * Lets ink and React finish the work a key press or a store update scheduled, then checks the
 * latest frame. Yields to the event loop a bounded number of times instead of sleeping, so the
 * test waits exactly as long as the rendering takes.
 */
export async function waitForFrame(
  lastFrame: () => string | undefined,
  predicate: (frame: string) => boolean,
  turns = 200,
): Promise<string> {
  for (let turn = 0; turn < turns; turn += 1) {
    const frame = lastFrame() ?? '';
    if (predicate(frame)) return frame;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`The frame never matched. Last frame:\n${lastFrame() ?? ''}`);
}

/** The frame's lines with trailing spaces removed. */
export function frameLines(frame: string): string[] {
  return frame.split('\n').map((line) => line.trimEnd());
}
