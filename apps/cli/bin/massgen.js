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
  const { main } = await import('../dist/cli.js');
  const code = await main(process.argv);
  process.exitCode = stdoutClosed ? closedPipeStatus : code;
}
