import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer, FakeResponder, TeamResponderOptions } from '@massgen/testing';
import { cliBin, hasChromium, screenshotPath, teamYaml } from './web-harness.js';
import { startWebAndBrowser, tearDownWebTestFile } from './web-test-file.js';
import type { StartedWeb } from './web-harness.js';

/**
 * `massgen web` in headless Chromium against the fake OpenAI-compatible server: runs started
 * from the page stream into one column per agent, answer now and cancel steer them, and a run
 * started from a terminal can be watched. One browser for the file.
 */
const finalText = '## Result\n\n```ts\nconst sum = 2 + 2;\n```\n\nThe answer is **4**.';
const long = (word: string): string => `${word} `.repeat(500);

/** The team's moves, each turn preceded by text the model streams (its thinking aloud), per model. */
function thinkingTeam(thinking: Record<string, string>, options: TeamResponderOptions): FakeResponder {
  const team = createTeamResponder(options);
  return async (request, context) => {
    const reply = await team(request, context);
    return reply.type === 'tool-calls' ? { ...reply, text: thinking[request.model] ?? '' } : reply;
  };
}

let directory: string;
let quick: FakeOpenAIServer;
let slow: FakeOpenAIServer;
/** Its agents' turns hang until they carry `steering`: only a message from the page moves them on. */
let steered: FakeOpenAIServer;
let releaseSteered: () => void = () => undefined;
const steeredRelease = new Promise<void>((resolve) => {
  releaseSteered = resolve;
});
const steering = 'Answer in words, not digits.';
let web: StartedWeb;
let browser: Browser;

async function openPage(width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // The page's own probe: the events it drew, frame by frame, to tell streaming from one final paint.
  await page.addInitScript(() => {
    const frames: Array<Array<{ type: string; agentId?: string }>> = [];
    (globalThis as Record<string, unknown>)['__massgenFrames'] = frames;
    (globalThis as Record<string, unknown>)['__massgenLatencyProbe'] = (
      events: Array<{ type: string; agentId?: string }>,
    ) =>
      frames.push(
        events.map((event) => ({
          type: event.type,
          ...(event.agentId === undefined ? {} : { agentId: event.agentId }),
        })),
      );
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(web.url)) outside.push(request.url());
  });
  page.on('close', () => expect(outside, 'requests that left the machine').toEqual([]));
  await page.goto(web.url);
  return page;
}

async function startFromPage(page: Page, team: string, question: string): Promise<void> {
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByLabel('Team').selectOption({ label: team });
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.waitForURL(/#\/runs\//);
}

/** Waits for the run's phase line to say `text`. */
async function phase(page: Page, text: string): Promise<void> {
  await page.getByRole('status').getByText(text).waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-web-live-'));
  quick = await createFakeOpenAIServer({
    chunkSize: 6,
    chunkIntervalMs: 8,
    responder: thinkingTeam(
      {
        'model-1': 'Alpha says four: 2 + 2 = 4. ',
        'model-2': 'Beta counts: two, then two more, four. ',
        'model-3': 'Gamma checks with a calculator: 4. ',
      },
      { finalText },
    ),
  });
  slow = await createFakeOpenAIServer({
    chunkSize: 8,
    chunkIntervalMs: 30,
    responder: thinkingTeam(
      { 'model-1': 'Alpha answers at once. ', 'model-2': long('beta'), 'model-3': long('gamma') },
      { finalText: 'Presented early: **4**.' },
    ),
  });
  const steeredTeam = createTeamResponder({ finalText: 'Four.' });
  steered = await createFakeOpenAIServer({
    responder: async (request, context) => {
      if (request.tools.length > 0 && !JSON.stringify(request.messages).includes(steering)) {
        return { type: 'stall', afterChunks: 0 };
      }
      // Held until the page has shown its notice, which goes when the run ends.
      await steeredRelease;
      return steeredTeam(request, context);
    },
  });
  writeFileSync(path.join(directory, 'steered.yaml'), teamYaml(steered.url, ['alpha', 'beta']));
  writeFileSync(path.join(directory, 'team.yaml'), teamYaml(quick.url, ['alpha', 'beta', 'gamma']));
  writeFileSync(path.join(directory, 'slow.yaml'), teamYaml(slow.url, ['alpha', 'beta', 'gamma']));
  ({ web, browser } = await startWebAndBrowser(directory, ['--config', 'team.yaml']));
}, 60_000);

afterAll(async () => {
  releaseSteered();
  await tearDownWebTestFile({ browser, web, servers: [quick, slow, steered], directory });
});

describe.skipIf(!hasChromium)('massgen web, live', () => {
  it('starts a three-agent run from the page: three columns stream, votes are tallied, the final answer renders', async () => {
    const page = await openPage(1920);
    await startFromPage(page, 'team.yaml', 'What is 2+2?');
    const columns = page.locator('section[data-agent]');
    await expect.poll(() => columns.count(), { timeout: 30_000 }).toBe(3);
    const final = page.getByRole('region', { name: 'Final answer' });
    await final.getByText('The answer is 4.').waitFor({ timeout: 30_000 });
    await phase(page, 'finished: consensus');
    expect(await final.locator('strong').textContent()).toBe('4');
    expect(await final.locator('pre code.hljs .hljs-keyword').first().textContent()).toBe('const');
    expect(await page.locator('[data-agent="alpha"]').textContent()).toContain('Alpha says four');
    expect(await page.locator('[data-agent="beta"]').textContent()).toContain('Beta counts');
    expect(await page.locator('[data-agent="gamma"]').textContent()).toContain('Gamma checks');
    const tally = page.getByRole('list', { name: 'Vote tally' });
    expect(await tally.locator('li').count()).toBeGreaterThan(0);
    expect(await tally.textContent()).toContain('winner');
    expect(await page.getByRole('list', { name: 'Timeline' }).textContent()).toContain(' voted ');
    // Streaming, not one paint at the end: each agent's deltas reached the screen over several frames.
    const frames = (await page.evaluate(() => (globalThis as Record<string, unknown>)['__massgenFrames'])) as Array<
      Array<{ type: string; agentId?: string }>
    >;
    for (const agent of ['alpha', 'beta', 'gamma']) {
      const framesWithText = frames.filter((frame) =>
        frame.some((event) => event.type === 'agent-delta' && event.agentId === agent),
      );
      expect(framesWithText.length, agent).toBeGreaterThan(1);
    }
    await page.screenshot({ path: screenshotPath('live-1920'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: screenshotPath('live-360'), fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);
    await page.close();
  }, 90_000);

  it('answer now stops the coordination and the leader presents, as the terminal key a does', async () => {
    const page = await openPage();
    await startFromPage(page, 'slow.yaml', 'What is 2+2, quickly?');
    await page.getByRole('list', { name: 'Timeline' }).getByText('alpha answered').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /Answer now/ }).click();
    await phase(page, 'finished: answer-now');
    await page.getByRole('region', { name: 'Final answer' }).getByText('Presented early:').waitFor();
    expect(await page.getByRole('button', { name: /Answer now/ }).isDisabled()).toBe(true);
    await page.close();
  }, 90_000);

  it('cancel stops the run and keeps what was produced, as the terminal key q does', async () => {
    const page = await openPage();
    await startFromPage(page, 'slow.yaml', 'Count slowly.');
    await page.locator('[data-agent="beta"]').getByText('beta beta').first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('q');
    await phase(page, 'finished: cancelled');
    expect(await page.locator('[data-agent="beta"]').textContent()).toContain('beta beta');
    await page.close();
  }, 90_000);

  it('sends the agents a message, as the terminal key m does: each next request carries it', async () => {
    const page = await openPage();
    await startFromPage(page, 'steered.yaml', 'What is 2+2?');
    await expect.poll(() => steered.requests.length, { timeout: 30_000 }).toBe(2);
    const box = page.getByLabel('Message to the agents');
    await box.waitFor({ timeout: 30_000 });
    await page.keyboard.press('m');
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type(steering);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Sent to alpha, beta').waitFor({ timeout: 30_000 });
    releaseSteered();
    await phase(page, 'finished: consensus');
    expect(await page.getByRole('list', { name: 'Timeline' }).textContent()).toContain(
      `message to all agents: ${steering}`,
    );
    for (const model of ['model-1', 'model-2']) {
      const turns = steered.requests.filter((request) => request.model === model && request.tools.length > 0);
      expect(JSON.stringify(turns.at(-1)?.messages)).toContain(steering);
    }
    await page.close();
  }, 90_000);

  it('watches a run started from the terminal as it happens', async () => {
    const cli = spawn(process.execPath, [cliBin, '--no-display', '--config', 'slow.yaml', 'Watched from the page'], {
      cwd: directory,
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'] },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => cli.on('close', resolve));
    try {
      const page = await openPage();
      const row = page.getByRole('link', { name: 'Watched from the page' });
      await row.waitFor({ timeout: 30_000 });
      await row.click();
      await page.getByText('Started from a terminal').waitFor();
      await page.locator('[data-agent="gamma"]').getByText('gamma gamma').first().waitFor({ timeout: 30_000 });
      expect(await page.getByRole('status').textContent()).not.toContain('finished');
      // Ctrl-C in the terminal: the page sees the run end as the record says.
      cli.kill('SIGINT');
      await phase(page, 'finished: cancelled');
      await page.close();
    } finally {
      cli.kill('SIGKILL');
      await exited;
    }
    expect(readdirSync(path.join(directory, '.massgen/runs')).length).toBeGreaterThan(0);
  }, 90_000);
});
