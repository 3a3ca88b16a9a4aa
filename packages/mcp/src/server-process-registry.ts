/**
 * Every MCP server process this MassGen process has started and not yet seen exit. When
 * MassGen exits without closing them (a second Ctrl-C calls `process.exit`), they are killed
 * on the way out, so no server outlives the run that started it.
 */
const live = new Set<number>();
let listening = false;

export function trackServerProcess(pid: number): void {
  live.add(pid);
  if (!listening) {
    listening = true;
    process.on('exit', killAll);
  }
}

export function untrackServerProcess(pid: number): void {
  live.delete(pid);
}

/**
 * Signals a server and whatever it started. On POSIX a server runs in a process group of its
 * own, so `npx` and the program it launches go together. `false` once nothing is left to signal.
 */
export function signalServerProcess(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Runs inside `process.on('exit')`, where only synchronous work happens. */
function killAll(): void {
  for (const pid of live) signalServerProcess(pid, 'SIGKILL');
  live.clear();
}
