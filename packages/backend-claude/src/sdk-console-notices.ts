/**
 * Runs `call` with what it writes through `console.warn` handed to `notice` instead of stderr.
 * The Anthropic SDK warns that a model is deprecated that way, on every request and past its own
 * logger, which would print through MassGen's live display; the backend says it once, as a
 * warning of the agent. The swap lasts only for the synchronous part of the call, where the SDK
 * warns, so no other code can run while it is in place.
 */
export function withSdkConsoleNotices<T>(call: () => T, notice: (text: string) => void): T {
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => notice(parts.map(String).join(' '));
  try {
    return call();
  } finally {
    console.warn = warn;
  }
}
