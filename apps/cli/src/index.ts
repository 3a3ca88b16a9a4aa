export { main } from './cli.js';
export type { CliIo } from './cli-io.js';
export { ExitCode } from './exit-codes.js';
export { run } from '@massgen/runtime';
export type { RunOptions, RunResult } from '@massgen/runtime';
