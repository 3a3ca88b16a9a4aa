import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium, startWeb } from './web-harness.js';
import type { StartedWeb } from './web-harness.js';

/** Starts the built `massgen web` in `cwd` with `args`, and Chromium to browse it. */
export async function startWebAndBrowser(cwd: string, args?: string[]): Promise<{ web: StartedWeb; browser: Browser }> {
  const web = await startWeb(cwd, args);
  return { web, browser: await launchChromium() };
}

/** What a test file started for its tests; a part its setup did not reach is left out. */
export interface WebTestFile {
  browser?: Browser;
  web?: StartedWeb;
  /** The fake provider servers, closed in this order. */
  servers: ReadonlyArray<{ close(): Promise<void> } | undefined>;
  directory: string;
}

/** A file's teardown: the browser closes before `massgen web` stops, then the servers, then the directory goes. */
export async function tearDownWebTestFile(started: WebTestFile): Promise<void> {
  await started.browser?.close();
  await started.web?.stop();
  for (const server of started.servers) await server?.close();
  rmSync(started.directory, { recursive: true, force: true });
}
