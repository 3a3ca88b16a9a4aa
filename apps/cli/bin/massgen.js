#!/usr/bin/env node
// Answer --version before loading anything else: start-up time is what users feel most.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${manifest.version}\n`);
} else {
  const { main } = await import('../dist/cli.js');
  process.exitCode = await main(process.argv);
}
