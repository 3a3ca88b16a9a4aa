import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MassGenError } from '@massgen/core';

/** The bridge script, shipped beside `dist/` in the package's `python/` directory. */
const bridgeScript = fileURLToPath(new URL('../python/massgen_tool_bridge.py', import.meta.url));

/** A problem with a tool file, as the bridge reports it: the file and line it points at. */
export interface ToolFileProblem {
  kind: 'syntax' | 'import' | 'missing' | 'error';
  message: string;
  file?: string;
  line?: number;
}

/** A Python function as a tool: what the bridge read from its signature, hints and docstring. */
export interface PythonFunction {
  function: string;
  description: string;
  parameters: Record<string, unknown>;
  /** Parameters the function takes by name (preset, context and model-given ones alike). */
  accepts: string[];
  acceptsAny: boolean;
  /** Parameters marked with `@context_params`, which MassGen fills in. */
  context: string[];
}

export type PythonCallOutcome =
  { ok: true; text: string } | { ok: false; cancelled?: boolean; error?: { message: string; traceback?: string } };

interface Reply {
  id: number;
  ok: boolean;
  [key: string]: unknown;
}

/** Thrown when a tool file cannot be used: the configuration names a file that does not load. */
export class ToolFileError extends Error {
  constructor(readonly problem: ToolFileProblem) {
    super(problem.message);
  }
}

/**
 * The one Python process of a run that runs its Python tools (see `massgen_tool_bridge.py`). It
 * is started in a process group of its own, so that Ctrl-C in the terminal reaches MassGen
 * alone, which then closes it; each call's own process group is killed when the call is
 * cancelled, and every call's when the bridge closes.
 */
export class PythonBridge {
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private nextId = 1;
  private stderrTail = '';
  private ended: string | undefined;
  private readonly exited: Promise<unknown>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.exited = once(child, 'exit').catch(() => undefined);
    createInterface({ input: child.stdout }).on('line', (line) => this.receive(line));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    child.on('exit', (code, signal) => {
      this.ended = `the Python tool bridge ended (${signal ?? `exit code ${code}`})${this.stderrTail.trim() === '' ? '' : `: ${this.stderrTail.trim().split('\n').slice(-3).join(' ')}`}`;
      for (const resolve of this.pending.values()) resolve({ id: 0, ok: false, error: { message: this.ended } });
      this.pending.clear();
    });
  }

  /** Starts `python3` (or `python` in `env`'s `MASSGEN_PYTHON`) with the bridge; rejects when there is no Python. */
  static async start(env: Readonly<Record<string, string | undefined>>): Promise<PythonBridge> {
    const command = env['MASSGEN_PYTHON'] ?? 'python3';
    const child = spawn(command, ['-u', bridgeScript], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      env: { ...withoutUndefined(env), PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' },
    });
    try {
      await once(child, 'spawn');
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? `${command} is not installed or not on PATH`
          : String(error);
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `Python tools need Python 3: ${reason}. Install it (\`sudo apt-get install python3\` on Debian and Ubuntu) or set MASSGEN_PYTHON to a Python 3 interpreter.`,
      });
    }
    return new PythonBridge(child);
  }

  /** Whether the file compiles; nothing in it runs. */
  async check(file: string): Promise<ToolFileProblem | undefined> {
    const reply = await this.request({ op: 'check', path: file });
    return reply.ok ? undefined : problemOf(reply, file);
  }

  /** Imports the file (running its top level) and describes the functions as tools. */
  async load(file: string, functions: readonly string[], hidden: readonly string[]): Promise<PythonFunction[]> {
    const reply = await this.request({ op: 'load', path: file, functions, hidden });
    if (!reply.ok) throw new ToolFileError(problemOf(reply, file));
    return reply['tools'] as PythonFunction[];
  }

  /** Runs one call in a process of its own; aborting the signal kills that process and all it started. */
  async call(
    request: { file: string; function: string; args: Record<string, unknown>; cwd?: string; maxCharacters: number },
    signal: AbortSignal,
  ): Promise<PythonCallOutcome> {
    if (signal.aborted) return { ok: false, cancelled: true };
    const id = this.nextId;
    const cancel = (): void => this.send({ op: 'cancel', id });
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const reply = await this.request({
        op: 'call',
        path: request.file,
        function: request.function,
        args: request.args,
        max_chars: request.maxCharacters,
        ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
      });
      return reply as unknown as PythonCallOutcome;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  /** Ends the bridge: it kills every call still running and exits; a bridge that does not is killed. */
  async close(): Promise<void> {
    if (this.ended !== undefined) return;
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), 3000);
    await this.exited;
    clearTimeout(timer);
  }

  private kill(): void {
    try {
      if (this.child.pid !== undefined && process.platform !== 'win32') process.kill(-this.child.pid, 'SIGKILL');
      else this.child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }

  private request(message: Record<string, unknown>): Promise<Reply> {
    if (this.ended !== undefined) return Promise.resolve({ id: 0, ok: false, error: { message: this.ended } });
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ ...message, id });
    });
  }

  private send(message: Record<string, unknown>): void {
    if (this.ended === undefined && this.child.stdin.writable) this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private receive(line: string): void {
    let reply: Reply;
    try {
      reply = JSON.parse(line) as Reply;
    } catch {
      return;
    }
    const resolve = this.pending.get(reply.id);
    if (resolve === undefined) return;
    this.pending.delete(reply.id);
    resolve(reply);
  }
}

function problemOf(reply: Reply, file: string): ToolFileProblem {
  const error = (reply['error'] ?? {}) as Partial<ToolFileProblem>;
  return {
    kind: error.kind ?? 'error',
    message: error.message ?? 'the bridge gave no reason',
    file: error.file ?? file,
    ...(error.line === undefined ? {} : { line: error.line }),
  };
}

function withoutUndefined(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
