import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnContained } from '@massgen/process-containment';
import type { ContainedProcess, SandboxPolicy } from '@massgen/process-containment';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { OutputTail } from './output-tail.js';

export interface StdioProcessParameters {
  command: string;
  args: readonly string[];
  /** The whole environment of the process: nothing is inherited beyond it. */
  env: Record<string, string>;
  cwd?: string;
  /** How long the server may take to exit once its stdin closes, and again after SIGTERM. */
  closeGraceMs: number;
  /** Confines the server to the OS sandbox (its own PID namespace too). */
  sandbox?: SandboxPolicy;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The MCP stdio transport over a child process that MassGen fully owns. Unlike the SDK's
 * transport it passes exactly the environment it is given (plus the containment's marker), starts the server contained in a
 * process group of its own with a marked environment (so a launcher such as `npx` and the server
 * it runs are stopped together, whatever they started is found even after a `setsid`, and a
 * Ctrl-C in the terminal reaches MassGen alone, which then closes servers in order), keeps the
 * end of stderr to explain a failure, and kills any server still running when MassGen exits.
 * Servers are not put in a PID namespace unless sandboxed: a launcher that is missing must fail as itself.
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcessWithoutNullStreams | undefined;
  private contained: ContainedProcess | undefined;
  private readonly readBuffer = new ReadBuffer();
  private readonly stderrTail = new OutputTail(2000);
  private exitStatus: ProcessExit | undefined;
  private fatalError: string | undefined;
  private closing: Promise<void> | undefined;
  private readonly closed: Promise<void>;
  private markClosed: () => void = () => undefined;

  constructor(private readonly parameters: StdioProcessParameters) {
    this.closed = new Promise((resolve) => {
      this.markClosed = resolve;
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the process ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.exitStatus;
  }

  /** The end of what the process wrote to stderr. */
  get stderr(): string {
    return this.stderrTail.lastLines();
  }

  /**
   * Why the process ended, in words for a warning: exit code or signal, then `qualifier` (such
   * as " before it was ready"), then its last stderr output.
   */
  describeExit(qualifier = ''): string {
    const status = this.exitStatus;
    const how =
      status === undefined
        ? 'is not running'
        : status.signal !== null
          ? `was stopped by ${status.signal}`
          : `exited with code ${String(status.code)}`;
    const cause = this.fatalError === undefined ? '' : ` (${this.fatalError})`;
    const output = this.stderr;
    return `${how}${qualifier}${cause}${output === '' ? '' : `; its last output: ${output}`}`;
  }

  start(): Promise<void> {
    if (this.child !== undefined) return Promise.reject(new Error('The server process was already started.'));
    return new Promise((resolve, reject) => {
      const contained = spawnContained(this.parameters.command, this.parameters.args, {
        env: this.parameters.env,
        ...(this.parameters.cwd === undefined ? {} : { cwd: this.parameters.cwd }),
        stdio: ['pipe', 'pipe', 'pipe'],
        mode: 'process-group',
        ...(this.parameters.sandbox === undefined ? {} : { sandbox: this.parameters.sandbox }),
      });
      const child = contained.child as ChildProcessWithoutNullStreams;
      this.contained = contained;
      this.child = child;
      let spawned = false;
      child.once('spawn', () => {
        spawned = true;
        resolve();
      });
      child.on('error', (error) => {
        if (spawned) this.onerror?.(error);
        else reject(error);
      });
      child.once('close', (code, signal) => {
        this.exitStatus = { code, signal };
        this.readBuffer.clear();
        this.markClosed();
        if (spawned) this.onclose?.();
      });
      child.stdout.on('data', (chunk: Buffer) => {
        try {
          this.readBuffer.append(chunk);
        } catch (error) {
          // One message beyond the buffer limit (10 MB) cannot be resynchronised: stop the server.
          this.fatalError = error instanceof Error ? error.message : String(error);
          void this.close();
          return;
        }
        this.deliverMessages();
      });
      child.stdout.on('error', (error) => this.onerror?.(error));
      // A write after the server died fails with EPIPE; the pending request fails on close instead.
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.stderrTail.append(chunk));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || this.exitStatus !== undefined || this.closing !== undefined || !stdin.writable) {
      return Promise.reject(new Error('The server process is not running.'));
    }
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /**
   * Stops the server the way the MCP specification asks: close its stdin and let it exit, then
   * SIGTERM, then SIGKILL, each after `closeGraceMs`. Safe to call more than once.
   */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    const { child, contained } = this;
    if (child === undefined || contained === undefined || child.pid === undefined) return;
    if (this.exitStatus === undefined) {
      child.stdin.end();
      if (!(await this.closesWithin(this.parameters.closeGraceMs))) {
        contained.signal('SIGTERM');
        if (!(await this.closesWithin(this.parameters.closeGraceMs))) {
          contained.kill();
          await this.closesWithin(this.parameters.closeGraceMs);
        }
      }
    }
    // Anything the server started and left behind goes too.
    contained.kill();
    child.stdout.destroy();
    child.stderr.destroy();
  }

  private async closesWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([this.closed.then(() => true), expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  private deliverMessages(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        // A line that is not JSON-RPC (a server logging to stdout) is skipped, not fatal.
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }
}
