import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTeamResponder, samplePng } from '@massgen/testing';
import { TmuxTerminal, tmuxAvailable } from './tmux-terminal.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const png = samplePng({ width: 2, height: 2, rgb: [200, 30, 30] });
let terminal: TmuxTerminal | undefined;

const setup = useFakeServerDirectory('attach-session', {
  server: () => ({
    responder: createTeamResponder({ answer: 'A red square.', finalText: 'It is a red square.' }),
  }),
});
beforeEach(() => {
  writeFileSync(path.join(setup.directory, 'red.png'), png);
  writeFileSync(
    path.join(setup.directory, 'team.yaml'),
    ['alpha', 'beta']
      .map(
        (id) =>
          `  - id: ${id}\n    backend:\n      type: chatcompletion\n      model: model-${id}\n      base_url: "${setup.server.url}"\n      api_key: test-key\n`,
      )
      .reduce((file, agent) => file + agent, 'agents:\n'),
  );
});

afterEach(() => {
  terminal?.close();
  terminal = undefined;
});

function carriesImage(from: number, to = setup.server.requests.length): boolean[] {
  return setup.server.requests
    .slice(from, to)
    .map((request) => request.media.some((part) => part.mediaType === 'image/png' && part.bytes?.equals(png) === true));
}

describe.skipIf(!tmuxAvailable)('/attach in an interactive session (needs tmux: apt-get install -y tmux)', () => {
  it('sends an attached image with the next question to every agent, and not with the one after', async () => {
    terminal = TmuxTerminal.start({ args: ['--config', 'team.yaml'], cwd: setup.directory, columns: 100, rows: 40 });
    await terminal.waitForScreen((screen) => screen.endsWith('massgen>'), 'the prompt');

    terminal.enterLine('/attach missing.png');
    await terminal.waitForScreen((screen) => screen.includes('missing.png: no such file.'), 'the missing file named');
    terminal.enterLine('/attach red.png');
    await terminal.waitForScreen(
      (screen) => screen.includes('Attached red.png (image/png) to the next question.'),
      'the image attached',
    );
    terminal.enterLine('/attach');
    await terminal.waitForScreen(
      (screen) => screen.includes('For the next question: red.png (image/png).'),
      'the waiting attachments listed',
    );

    terminal.enterLine('What colour is it?');
    await terminal.waitForScreen(
      (screen) => /Finished: consensus[\s\S]*massgen>$/.test(screen),
      'the first answer and a new prompt',
    );
    const firstRun = setup.server.requests.length;
    const models = new Set(setup.server.requests.map((request) => request.model));
    expect(models).toEqual(new Set(['model-alpha', 'model-beta']));
    expect(carriesImage(0, firstRun)).not.toContain(false);

    terminal.enterLine('And its size?');
    await terminal.waitForScreen(
      (screen) =>
        setup.server.requests.length > firstRun &&
        screen.endsWith('massgen>') &&
        screen.lastIndexOf('Finished: consensus') > screen.lastIndexOf('And its size?'),
      'the second answer and a new prompt',
    );
    const laterRequest = setup.server.requests[firstRun];
    expect(JSON.stringify(laterRequest?.messages)).toContain('What colour is it?');
    expect(carriesImage(firstRun)).not.toContain(true);

    terminal.enterLine('/quit');
    expect(await terminal.waitForExit()).toBe(0);
  });
});
