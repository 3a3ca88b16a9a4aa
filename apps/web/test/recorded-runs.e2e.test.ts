import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import { cliBin, hasChromium, screenshotPath, teamYaml } from './web-harness.js';
import { startWebAndBrowser, tearDownWebTestFile } from './web-test-file.js';
import type { StartedWeb } from './web-harness.js';

/**
 * Recorded runs in `massgen web` and out of it: the runs list, replay, the exported HTML file,
 * and the records and requests that go wrong. One browser for the file.
 */
let directory: string;
let runs: string;
let server: FakeOpenAIServer;
let web: StartedWeb;
let browser: Browser;
let recordedId: string;

/** The CLI runs beside the fake server this process serves: never block the event loop waiting for it. */
const massgen = (args: string[]) =>
  promisify(execFile)(process.execPath, [cliBin, ...args], { cwd: directory, env: env() });
const env = () => ({ PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' });

async function openPage(hash = '', width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${web.url}/${hash}`);
  return page;
}

/** A copy of the recorded run under another id and task, changed by `edit`. */
function copyRun(runId: string, edit: (directory: string) => void): void {
  const target = path.join(runs, runId);
  cpSync(path.join(runs, recordedId), target, { recursive: true });
  const statusFile = path.join(target, 'status.json');
  const status = JSON.parse(readFileSync(statusFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(statusFile, JSON.stringify({ ...status, runId, task: `Copy ${runId}` }));
  edit(target);
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-web-records-'));
  runs = path.join(directory, '.massgen/runs');
  server = await createFakeOpenAIServer({
    responder: createTeamResponder({ finalText: 'Recorded answer: **four**.\n\n```python\nprint(2 + 2)\n```' }),
  });
  writeFileSync(path.join(directory, 'team.yaml'), teamYaml(server.url, ['alpha', 'beta', 'gamma']));
  writeFileSync(
    path.join(directory, 'broken.yaml'),
    `agents:\n  - id: solo\n    backend:\n      type: chatcompletion\n      model: m\n      base_url: "${server.url}"\n      temperature: hot\n`,
  );
  await massgen(['--no-display', '--config', 'team.yaml', 'A recorded question']);
  recordedId = readdirSync(runs)[0]!;
  ({ web, browser } = await startWebAndBrowser(directory));
}, 90_000);

afterAll(() => tearDownWebTestFile({ browser, web, servers: [server], directory }));

describe.skipIf(!hasChromium)('massgen web, recorded runs', () => {
  it('finds a past run by its question and replays it: play, pause, speed, jump', async () => {
    const page = await openPage('', 1920);
    await page.getByLabel('Search runs by question').fill('recorded');
    const runsList = page.getByRole('region', { name: 'Runs' });
    await runsList.getByRole('link', { name: 'A recorded question' }).click();
    const final = page.getByRole('region', { name: 'Final answer' });
    await final.getByText('Recorded answer:').waitFor({ timeout: 30_000 });
    await page.getByRole('status').getByText('finished: consensus').waitFor();
    await page.screenshot({ path: screenshotPath('replay-1920'), fullPage: true });
    // The same run with its events a second apart, so the replay takes long enough to steer.
    const slowId = '2026-01-01T00-00-00-000Z-slow';
    copyRun(slowId, (run) => {
      const file = path.join(run, 'events.jsonl');
      const events = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { time: number });
      writeFileSync(
        file,
        events.map((event, index) => `${JSON.stringify({ ...event, time: index * 1000 })}\n`).join(''),
      );
    });
    await page.goto(`${web.url}/#/runs/${slowId}`);
    const slider = page.getByLabel('Position in the run');
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Play' }).waitFor();
    const total = Number(await slider.getAttribute('max'));
    expect(total).toBeGreaterThan(10);
    expect(Number(await slider.inputValue())).toBeLessThan(total);
    // Jump near the start: no answer is given yet, nor any vote.
    await slider.fill('3');
    await page.getByText(`event 3 of ${total}`).waitFor();
    expect(await final.count()).toBe(0);
    expect(await page.getByText('No votes yet.').count()).toBe(1);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: screenshotPath('replay-360'), fullPage: true });
    await page.getByLabel('Speed').selectOption('10');
    await page.getByRole('button', { name: 'Play' }).click();
    await final.getByText('Recorded answer:').waitFor({ timeout: 30_000 });
    await page.getByText(`event ${total} of ${total}`).waitFor();
    // Choosing a timeline entry jumps back to it.
    await page
      .getByRole('list', { name: 'Timeline' })
      .getByRole('button', { name: /alpha answered/ })
      .click();
    expect(await final.count()).toBe(0);
    await page.close();
  }, 90_000);

  it('exports a run as one HTML file that opens with no server and shows the final answer', async () => {
    const file = path.join(directory, 'shared.html');
    await massgen(['logs', 'export', recordedId, '--html', '-o', file]);
    const context = await browser.newContext();
    const requests: string[] = [];
    await context.route('**/*', async (route) => {
      requests.push(route.request().url());
      await (route.request().url().startsWith('file:') ? route.continue() : route.abort());
    });
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    const final = page.getByRole('region', { name: 'Final answer' });
    await final.getByText('Recorded answer:').waitFor({ timeout: 30_000 });
    expect(await final.locator('code.hljs').count()).toBe(1);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await context.close();
  }, 60_000);

  it('says so when a run id is unknown, and keeps serving', async () => {
    const page = await openPage('#/runs/no-such-run');
    await page.getByRole('alert').getByText('No run "no-such-run" is recorded').waitFor();
    const response = await fetch(`${web.url}/api/runs`);
    expect(response.status).toBe(200);
    await page.close();
  });

  it('replays a record whose last line is cut off and says what is missing', async () => {
    copyRun('2026-01-01T00-00-00-000Z-cutoff', (run) => {
      const file = path.join(run, 'events.jsonl');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.slice(0, text.length - 20));
      const status = JSON.parse(readFileSync(path.join(run, 'status.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(path.join(run, 'status.json'), JSON.stringify({ ...status, runId: 'cutoff', task: 'Cut off' }));
    });
    const page = await openPage('#/runs/2026-01-01T00-00-00-000Z-cutoff');
    await page.getByRole('alert').getByText('The last line of events.jsonl is cut off').waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Final answer' }).getByText('Recorded answer:').waitFor({ timeout: 30_000 });
    await page.close();
  }, 60_000);

  it('tells the watcher when the run directory is deleted while open, and keeps serving', async () => {
    const runId = '2026-01-01T00-00-00-000Z-deleted';
    copyRun(runId, (run) => {
      const file = path.join(run, 'events.jsonl');
      const lines = readFileSync(file, 'utf8').split('\n');
      writeFileSync(file, `${lines.slice(0, 8).join('\n')}\n`);
      const status = JSON.parse(readFileSync(path.join(run, 'status.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(path.join(run, 'status.json'), JSON.stringify({ ...status, state: 'running', task: 'Deleted' }));
    });
    const page = await openPage(`#/runs/${runId}`);
    await page.locator('section[data-agent]').first().waitFor({ timeout: 30_000 });
    rmSync(path.join(runs, runId), { recursive: true });
    await page
      .getByRole('alert')
      .getByText("The run's directory was deleted while it was open")
      .waitFor({ timeout: 30_000 });
    await page.goto(`${web.url}/#/`);
    await page.getByRole('region', { name: 'Runs' }).getByRole('link', { name: 'A recorded question' }).waitFor();
    await page.close();
  }, 60_000);

  it('shows why a configuration fails to load, naming the file and key, and keeps serving', async () => {
    const page = await openPage();
    await page.getByLabel('Question', { exact: true }).fill('Will this start?');
    await page.getByLabel('Team').selectOption({ label: 'broken.yaml' });
    await page.getByRole('button', { name: 'Start run' }).click();
    const alert = page.getByRole('form', { name: 'New run' }).getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch(/broken\.yaml.*temperature/s);
    expect(page.url()).not.toContain('#/runs/');
    await page.getByLabel('Team').selectOption({ label: 'team.yaml' });
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('status').getByText('finished: consensus').waitFor({ timeout: 30_000 });
    await page.close();
  }, 60_000);

  it('follows the system colour scheme unless the theme switch chose light or dark', async () => {
    const light = { background: 'rgb(247, 247, 248)', text: 'rgb(28, 29, 33)' };
    const dark = { background: 'rgb(21, 22, 26)', text: 'rgb(230, 231, 234)' };
    for (const [system, chosen, expected] of [
      ['light', undefined, light],
      ['dark', undefined, dark],
      ['dark', 'light', light],
      ['light', 'dark', dark],
      ['dark', 'dark', dark],
    ] as const) {
      const page = await browser.newPage({ colorScheme: system });
      await page.goto(`${web.url}/`);
      const colours = await page.evaluate((theme) => {
        if (theme !== undefined) document.documentElement.dataset['theme'] = theme;
        const style = getComputedStyle(document.body);
        return { background: style.backgroundColor, text: style.color };
      }, chosen);
      expect(colours, `system ${system}, chosen ${chosen ?? 'none'}`).toEqual(expected);
      await page.close();
    }
  });
});
