#!/usr/bin/env node
// A reader that leaves early (`massgen --help | head -1`) closes the pipe under us. Stop writing
// and end quietly with the status a shell gives a program whose output pipe closed (128 +
// SIGPIPE), never with a stack trace. Progress on a closed stderr is dropped; the run goes on.
const closedPipeStatus = 141;
let stdoutClosed = false;
process.stdout.on('error', () => {
  stdoutClosed = true;
  process.exitCode = closedPipeStatus;
});
process.stderr.on('error', () => {});

// Answer --version before loading anything else: start-up time is what users feel most.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${manifest.version}\n`);
} else {
  // Signals are caught before the rest loads: one that arrives now cancels the run as soon as it
  // starts, which still leaves its record, instead of killing the process with nothing written.
  const { SignalHandling } = await import('../dist/signal-handling.js');
  const signals = new SignalHandling().install();
  // Keys are read into memory and removed from the process environment before anything can start
  // a child process, which could otherwise read them in /proc/<this pid>/environ.
  const { holdSecretsInMemory } = await import('../dist/secret-environment.js');
  const env = holdSecretsInMemory();
  const { main, processIo } = await import('../dist/cli.js');
  const code = await main(process.argv, processIo(env), undefined, signals);
  process.exitCode = stdoutClosed ? closedPipeStatus : code;
  // The run is over: nothing left behind (a tool call that never returned, a stray timer) may keep
  // the process alive. Leave once what was written has been flushed.
  // A write that fails then means the reader left (the 'error' event would come a tick too late).
  const leave = (error) => process.exit(error || stdoutClosed ? closedPipeStatus : process.exitCode);
  process.stderr.write('', () => process.stdout.write('', leave));
}
