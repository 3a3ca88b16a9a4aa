/** Where the CLI reads and writes, so tests can run it in-process. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** The process's own streams and directory; `env` defaults to the process environment. */
export function processIo(env: CliIo['env'] = process.env): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env };
}
