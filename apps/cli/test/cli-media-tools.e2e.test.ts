import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { samplePng, startSilentHttpServer, writeSampleVideo } from '@massgen/testing';
import type { FakeChatRequest, SilentHttpServer } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import type { ScriptedCall } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * The media tools through the built CLI against the fake OpenAI server: an agent asks
 * `understand_image` about a PNG made here, the tool's own model request carries the picture,
 * and the model's answer comes back to the agent as the tool's result; bad input of every kind
 * comes back to the model as a tool error while the run goes on; `text_to_image` saves what the
 * images endpoint made into the agent's workspace.
 */
/** Whether ffmpeg can run here, to make the clip and sample its frames. */
const ffmpegInstalled = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
let hanging: SilentHttpServer;
let hangingUrl: string;

const setup = useFakeServerDirectory('cli-media', { server: () => ({ apiKey: 'test-key' }), resolveLinks: true });
beforeEach(async () => {
  mkdirSync(path.join(setup.directory, 'seer-workspace'));
  hanging = await startSilentHttpServer();
  hangingUrl = `${hanging.origin}/slow.png`;
});

afterEach(() => hanging.close());

/** The backend keys that put an agent on the fake server, working in seer-workspace, each after `indent`. */
function onFakeServer(indent: string): string[] {
  return [
    `base_url: ${JSON.stringify(setup.server.url)}`,
    'api_key: test-key',
    // An absolute workspace is used as it is, so the test's files are there for the run.
    `cwd: ${JSON.stringify(path.join(setup.directory, 'seer-workspace'))}`,
  ].map((line) => `${indent}${line}`);
}

function team(toolLines: string[]): string {
  const file = path.join(setup.directory, 'team.yaml');
  writeFileSync(
    file,
    [
      'agent:',
      '  id: seer',
      '  backend:',
      '    type: chatcompletion',
      '    model: gpt-4.1',
      ...onFakeServer('    '),
      ...toolLines.map((line) => `  ${line}`),
      '',
    ].join('\n'),
  );
  return file;
}

/** The agent's model makes the calls in order; a request with a picture in it is the tool's own. */
function respond(calls: ScriptedCall[], pictureAnswer = 'The chart shows one red bar.') {
  const agent = toolScriptResponder(calls, (results) => `Final: ${results.join(' | ')}`);
  return (request: FakeChatRequest) =>
    request.media.some((media) => media.kind === 'image')
      ? { type: 'text' as const, text: pictureAnswer }
      : agent(request);
}

const agentRequests = (requests: readonly FakeChatRequest[]) => requests.filter((request) => request.tools.length > 0);

/** Runs `file` on `question` to a clean end, and expects the agent offered text_to_image alone of the media tools. */
async function runOfferingTextToImageAlone(file: string, question: string): Promise<void> {
  const result = await runCli(['--no-display', '--config', file, question], { cwd: setup.directory });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.code).toBe(0);
  const offered = agentRequests(setup.server.requests)[0]?.tools.map((tool) => tool.function.name) ?? [];
  expect(offered.filter((name) => /^(understand_|text_to_)/.test(name))).toEqual(['text_to_image']);
}

describe('massgen with the media tools', () => {
  it('an agent asks understand_image about a PNG; the tool request carries it and the answer comes back to the agent', async () => {
    const png = samplePng({ width: 8, height: 6, rgb: [220, 20, 20] });
    writeFileSync(path.join(setup.directory, 'seer-workspace', 'chart.png'), png);
    setup.server.setResponder(
      respond([
        { name: 'understand_image', arguments: { image_path: 'chart.png', prompt: 'What does the chart show?' } },
      ]),
    );
    const result = await runCli(['--no-display', '--config', team(['  tools:', '    media: {}']), 'Read my chart.'], {
      cwd: setup.directory,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);

    const toolRequest = setup.server.requests.find((request) => request.media.length > 0);
    expect(toolRequest?.media).toEqual([
      expect.objectContaining({ kind: 'image', mediaType: 'image/png', bytes: png }),
    ]);
    expect(toolRequest?.tools).toEqual([]);
    expect(JSON.stringify(toolRequest?.messages)).toContain('What does the chart show?');
    const offered = agentRequests(setup.server.requests)[0]?.tools.map((tool) => tool.function.name);
    expect(offered).toEqual(expect.arrayContaining(['understand_image', 'understand_file', 'text_to_image']));
    expect(toolResults(setup.server.requests)).toEqual([
      'The chart shows one red bar.\n\n(answered by chatcompletion gpt-4.1)',
    ]);
    expect(result.stdout).toContain('Final: The chart shows one red bar.');
    expect(readRunEvents(setup.directory).filter((event) => event.type === 'tool-result')).toEqual([
      expect.objectContaining({ agentId: 'seer', name: 'understand_image', isError: false }),
    ]);
    // The tool's own model call counts toward the agent's spending, as its own calls do.
    const usage = readRunEvents(setup.directory).filter((event) => event.type === 'usage');
    expect(usage).toHaveLength(setup.server.requests.length);
    expect(usage.every((event) => event.type === 'usage' && event.agentId === 'seer' && (event.costUsd ?? 0) > 0)).toBe(
      true,
    );
  });

  it('a missing file, an unsupported type, an oversize image and a URL that hangs: each a clear tool error, and the run goes on', async () => {
    writeFileSync(path.join(setup.directory, 'seer-workspace', 'notes.txt'), 'plain words');
    // A picture with 8 KB after it: over a 1 KB limit whatever the picture compresses to.
    writeFileSync(
      path.join(setup.directory, 'seer-workspace', 'huge.png'),
      Buffer.concat([samplePng(), Buffer.alloc(8192)]),
    );
    setup.server.setResponder(
      respond([
        { name: 'understand_image', arguments: { image_path: 'missing.png' } },
        { name: 'understand_image', arguments: { image_path: 'notes.txt' } },
        { name: 'understand_image', arguments: { image_path: 'huge.png' } },
        { name: 'understand_image', arguments: { image_path: hangingUrl } },
      ]),
    );
    const file = team(['  tools:', '    media:', '      max_file_mb: 0.001', '      url_timeout_seconds: 1']);
    const result = await runCli(['--no-display', '--config', file, 'Look at these.'], { cwd: setup.directory });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    const results = toolResults(setup.server.requests);
    expect(results).toEqual([
      'Error: understand_image failed: Cannot read the file missing.png: no such file.',
      'Error: understand_image failed: notes.txt is not an image: it is text/plain (understand_file reads documents); understand_image takes image files.',
      expect.stringMatching(
        /^Error: understand_image failed: The file huge\.png is [\d.]+ KB, over the limit of 2 KB\.$/,
      ),
      `Error: understand_image failed: Cannot fetch the file ${hangingUrl}: no complete answer within 1 s.`,
    ]);
    expect(setup.server.requests.filter((request) => request.media.length > 0)).toEqual([]);
    const events = readRunEvents(setup.directory).filter((event) => event.type === 'tool-result');
    expect(events.map((event) => event.type === 'tool-result' && event.isError)).toEqual([true, true, true, true]);
    // The run let go of the URL that hangs: its connection closed (else this waits until the test times out).
    expect(hanging.lastConnectionClosed).toBeDefined();
    await hanging.lastConnectionClosed;
  });

  it("text_to_image saves the images endpoint's picture in the agent's workspace and tells the agent where", async () => {
    setup.server.setResponder(
      respond([{ name: 'text_to_image', arguments: { prompt: 'A red bar chart', storage_path: 'pictures' } }]),
    );
    const file = team([
      '  tools:',
      '    media:',
      '      tools: [text_to_image]',
      '      image_model:',
      '        type: openai',
      `        base_url: ${JSON.stringify(setup.server.url)}`,
      '        api_key: test-key',
    ]);
    await runOfferingTextToImageAlone(file, 'Draw a chart.');
    expect(setup.server.mediaRequests).toEqual([
      expect.objectContaining({ endpoint: 'images', body: { model: 'gpt-image-1', prompt: 'A red bar chart', n: 1 } }),
    ]);
    const [picture] = readdirSync(path.join(setup.directory, 'seer-workspace', 'pictures'));
    expect(picture).toMatch(/^a-red-bar-chart-.+\.png$/);
    const bytes = readFileSync(path.join(setup.directory, 'seer-workspace', 'pictures', picture ?? ''));
    expect(toolResults(setup.server.requests)).toEqual([
      `Saved the image (made by openai gpt-image-1):\npictures/${picture ?? ''} (image/png, ${bytes.length} bytes)`,
    ]);
  });

  it("runs upstream's custom_tools entry for massgen/tool/_multimodal_tools/understand_image.py as the media tool", async () => {
    const png = samplePng({ rgb: [0, 0, 250] });
    writeFileSync(path.join(setup.directory, 'seer-workspace', 'sky.png'), png);
    setup.server.setResponder(
      respond([{ name: 'custom_tool__understand_image', arguments: { image_path: 'sky.png' } }], 'All blue.'),
    );
    const file = team([
      '  custom_tools:',
      '    - name: ["understand_image"]',
      '      category: "multimodal"',
      '      path: "massgen/tool/_multimodal_tools/understand_image.py"',
      '      function: ["understand_image"]',
    ]);
    const validated = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validated.code).toBe(0);
    expect(validated.stdout + validated.stderr).not.toMatch(/not support|✗/);
    const result = await runCli(['--no-display', '--config', file, 'What colour is the sky picture?'], {
      cwd: setup.directory,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(setup.server.requests.find((request) => request.media.length > 0)?.media).toEqual([
      expect.objectContaining({ kind: 'image', bytes: png }),
    ]);
    expect(toolResults(setup.server.requests)).toEqual(['All blue.\n\n(answered by chatcompletion gpt-4.1)']);
  });

  it("gives an openai agent with upstream's enable_image_generation text_to_image, drawing through its own key and base_url", async () => {
    setup.server.setResponder(respond([{ name: 'text_to_image', arguments: { prompt: 'A blue circle' } }]));
    const file = path.join(setup.directory, 'upstream.yaml');
    writeFileSync(
      file,
      [
        'agents:',
        '  - id: "gpt4o_agent1"',
        '    backend:',
        '      type: "openai"',
        '      model: "gpt-4o"',
        '      api: chat',
        ...onFakeServer('      '),
        '      enable_image_generation: true',
        'ui:',
        '  display_type: "rich_terminal"',
        '',
      ].join('\n'),
    );
    const validated = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validated.stdout + validated.stderr).not.toMatch(/not support|✗/);
    await runOfferingTextToImageAlone(file, 'Draw a circle.');
    expect(setup.server.mediaRequests).toEqual([
      expect.objectContaining({
        endpoint: 'images',
        body: { model: 'gpt-image-1', prompt: 'A blue circle', n: 1 },
        headers: expect.objectContaining({ authorization: 'Bearer test-key' }),
      }),
    ]);
    expect(readdirSync(path.join(setup.directory, 'seer-workspace'))).toEqual([
      expect.stringMatching(/^a-blue-circle-.+\.png$/),
    ]);
  });

  it.skipIf(!ffmpegInstalled)(
    `understand_video shows a model that takes no video frames sampled with ffmpeg${ffmpegInstalled ? '' : ' (skipped: ffmpeg is not installed; .ci/run installs it)'}`,
    async () => {
      await writeSampleVideo(path.join(setup.directory, 'seer-workspace', 'clip.mp4'));
      setup.server.setResponder(
        respond(
          [{ name: 'understand_video', arguments: { video_path: 'clip.mp4', num_frames: 4 } }],
          'A moving test pattern.',
        ),
      );
      // The agent's own Chat Completions model takes no video: the tool shows it frames.
      const file = team(['  tools:', '    media:', '      tools: [understand_video]']);
      const result = await runCli(['--no-display', '--config', file, 'What is in my clip?'], { cwd: setup.directory });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code).toBe(0);
      const toolRequest = setup.server.requests.find((request) => request.media.length > 0);
      expect(toolRequest?.media.map((media) => media.mediaType)).toEqual(Array.from({ length: 4 }, () => 'image/jpeg'));
      expect(toolResults(setup.server.requests)).toEqual([
        'A moving test pattern.\n\n(answered by chatcompletion gpt-4.1)',
      ]);
    },
  );
});
