import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { parseRunEvents } from '@massgen/runtime';
import { renderRunHtml } from '@massgen/server';
import { cliPackageDirectory } from './cli-package.js';

/**
 * Writes a recorded run as one HTML file that replays it with no server. A record cut short
 * still exports what it has, with a warning saying what was left out.
 */
export function exportRunHtml(directory: string, file: string): { warnings: string[] } {
  const eventsFile = path.join(directory, 'events.jsonl');
  if (!existsSync(eventsFile))
    throw new MassGenError({ code: 'CONFIG_INVALID', message: `The run has no events.jsonl (${directory}).` });
  const parsed = parseRunEvents(readFileSync(eventsFile, 'utf8'));
  const warnings = parsed.problems.map((problem) => `line ${problem.line} of events.jsonl skipped: ${problem.message}`);
  if (parsed.rest.trim() !== '')
    warnings.push('the last line of events.jsonl is cut off; the events before it are exported');
  if (parsed.events.length === 0)
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `The run's events.jsonl holds no events (${eventsFile}).`,
    });
  writeFileSync(file, renderRunHtml(webAssetsDirectory(), parsed.events));
  return { warnings };
}

/** The built page: copied into the package by its build, or the workspace's own build of apps/web. */
export function webAssetsDirectory(): string {
  const packageDirectory = cliPackageDirectory();
  const candidates = [path.join(packageDirectory, 'web'), path.resolve(packageDirectory, '../web/dist')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'index.html'))) ?? candidates[0]!;
}
