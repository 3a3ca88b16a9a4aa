import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

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
export function startWeb(cwd: string, args: string[] = [], env: Record<string, string> = {}): Promise<StartedWeb> {
  const child = spawn(process.execPath, [cliBin, 'web', '--port', '0', ...args], {
    cwd,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /MassGen web: (http:\/\/\S+)/.exec(stderr);
      if (match?.[1] !== undefined)
        resolve({
          url: match[1],
          child,
          stderr: () => stderr,
          stop: () => {
            child.kill('SIGINT');
            return exited;
          },
        });
    });
    void exited.then((code) => reject(new Error(`massgen web exited with ${code}:\n${stderr}`)));
  });
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
