export { main } from './cli.js';
export type { CliIo } from './cli-io.js';
export { ExitCode } from './exit-codes.js';
export { run, runStream } from './programmatic-api.js';
export type { RunOptions, RunResult, RunStream } from '@massgen/runtime';
