import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { startListeningProcess } from '@massgen/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const cliBin = path.join(root, 'apps/cli/bin/massgen.js');
export const chromiumPath = '/usr/bin/chromium';
/** Screenshots for a person to look at; gitignored, rewritten by every run. */
export const screenshotDirectory = path.join(root, 'apps/web/test-output');

/** Debian's Chromium, as `.ci/run` installs it; never a browser Playwright would download. */
export const hasChromium = existsSync(chromiumPath);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export function screenshotPath(name: string): string {
  mkdirSync(screenshotDirectory, { recursive: true });
  return path.join(screenshotDirectory, `${name}.png`);
}

export interface StartedWeb {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop(): Promise<number | null>;
}

/** Starts the built `massgen web` in `cwd` on a free port, as a user would, and waits for its URL. */
export async function startWeb(
  cwd: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<StartedWeb> {
  const { url, child, stderr, exited } = await startListeningProcess([cliBin, 'web', '--port', '0', ...args], {
    name: 'massgen web',
    cwd,
    env,
    listening: /MassGen web: (http:\/\/\S+)/,
  });
  return {
    url,
    child,
    stderr,
    stop: () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** A team of agents on the fake OpenAI-compatible server. */
export function teamYaml(url: string, agents: readonly string[]): string {
  return `agents:\n${agents
    .map(
      (id, index) =>
        `  - id: ${id}\n    backend:\n      type: chatcompletion\n      model: model-${index + 1}\n      base_url: "${url}"\n      api_key: test-key\n`,
    )
    .join('')}`;
}
