import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolModelChoice } from '@massgen/core';
import {
  createFakeGeminiServer,
  createFakeOpenAIServer,
  samplePdf,
  samplePng,
  sampleWav,
  startSilentHttpServer,
  writeSampleVideo,
} from '@massgen/testing';
import type { FakeGeminiServer, FakeOpenAIServer, SilentHttpServer } from '@massgen/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callMediaTool, modelsAt, temporaryWorkspace } from './media-test-support.js';
import { hasFfmpeg } from './video-frames.js';

const ffmpegInstalled = await hasFfmpeg();

let openai: FakeOpenAIServer;
let gemini: FakeGeminiServer;
let workspace: Awaited<ReturnType<typeof temporaryWorkspace>>;

beforeEach(async () => {
  workspace = await temporaryWorkspace();
  openai = await createFakeOpenAIServer();
  gemini = await createFakeGeminiServer();
});

afterEach(async () => {
  await openai.close();
  await gemini.close();
  await workspace.remove();
});

function call(name: string, input: unknown, settings = {}, asked: ToolModelChoice[] = []) {
  return callMediaTool(name, input, {
    settings,
    models: modelsAt({ openai: openai.url, gemini: gemini.url }, asked),
    workspace: workspace.workspace,
  });
}

describe('understand_image', () => {
  it("sends the workspace's PNG and the question to the agent's own model and returns its answer", async () => {
    const png = samplePng({ rgb: [10, 200, 10] });
    await writeFile(path.join(workspace.directory, 'square.png'), png);
    openai.enqueue({ type: 'text', text: 'A green square.' });
    const asked: ToolModelChoice[] = [];
    const result = await call(
      'understand_image',
      { image_path: 'square.png', prompt: 'What colour is it?' },
      {},
      asked,
    );
    expect(result.content).toContain('A green square.');
    expect(result.content).toContain('openai gpt-4.1');
    expect(asked).toEqual([{}]);
    const [request] = openai.requests;
    expect(request?.media).toEqual([expect.objectContaining({ kind: 'image', mediaType: 'image/png', bytes: png })]);
    expect(JSON.stringify(request?.body)).toContain('What colour is it?');
  });

  it('uses the model the settings name', async () => {
    await writeFile(path.join(workspace.directory, 'square.png'), samplePng());
    gemini.enqueue({ type: 'text', text: 'Red.' });
    const asked: ToolModelChoice[] = [];
    const result = await call(
      'understand_image',
      { image_path: 'square.png' },
      { model: { type: 'gemini', model: 'gemini-2.5-pro' } },
      asked,
    );
    expect(result.content).toContain('Red.');
    expect(asked).toEqual([{ type: 'gemini', model: 'gemini-2.5-pro' }]);
    expect(gemini.requests[0]?.model).toBe('gemini-2.5-pro');
  });

  it('refuses a missing file, a file of another kind, an oversize image and a path outside the workspace, asking no model', async () => {
    await writeFile(path.join(workspace.directory, 'notes.txt'), 'just words');
    await writeFile(path.join(workspace.directory, 'big.png'), samplePng({ width: 200, height: 200 }));
    await expect(call('understand_image', { image_path: 'missing.png' })).rejects.toThrow(
      'Cannot read the file missing.png: no such file.',
    );
    await expect(call('understand_image', { image_path: 'notes.txt' })).rejects.toThrow(
      'notes.txt is not an image: it is text/plain (understand_file reads documents); understand_image takes image files.',
    );
    await expect(call('understand_image', { image_path: 'big.png' }, { max_file_mb: 0.0001 })).rejects.toThrow(
      /^The file big\.png is [\d.]+ KB, over the limit of 1 KB\.$/,
    );
    await expect(call('understand_image', { image_path: '../elsewhere.png' })).rejects.toThrow(
      'is outside the directories you may use',
    );
    expect(openai.requests).toEqual([]);
  });

  describe('a URL', () => {
    let hanging: SilentHttpServer;
    let url = '';
    beforeAll(async () => {
      // Answers nothing, ever: the tool's timeout must end the wait and the connection.
      hanging = await startSilentHttpServer();
      url = `${hanging.origin}/photo.png`;
    });
    afterAll(() => hanging.close());

    it('that hangs ends in a clear error after url_timeout_seconds, leaving no connection open', async () => {
      await expect(call('understand_image', { image_path: url }, { url_timeout_seconds: 0.3 })).rejects.toThrow(
        `Cannot fetch the file ${url}: no complete answer within 0.3 s.`,
      );
      // The client hung up: the server sees its connection close (else this waits until the test times out).
      await hanging.lastConnectionClosed;
      expect(openai.requests).toEqual([]);
    });
  });
});

describe('understand_file', () => {
  it('gives the model a PDF as it is, with the question', async () => {
    const pdf = samplePdf('Revenue rose to 42 million.');
    await writeFile(path.join(workspace.directory, 'report.pdf'), pdf);
    openai.enqueue({ type: 'text', text: '42 million.' });
    const result = await call('understand_file', { file_path: 'report.pdf', prompt: 'What was the revenue?' });
    expect(result.content).toContain('42 million.');
    expect(openai.requests[0]?.media).toEqual([
      expect.objectContaining({ kind: 'file', mediaType: 'application/pdf', bytes: pdf }),
    ]);
    expect(JSON.stringify(openai.requests[0]?.body)).toContain('What was the revenue?');
  });

  it('cuts a long text file at max_chars and says so', async () => {
    await writeFile(path.join(workspace.directory, 'long.md'), `# Title\n${'word '.repeat(100)}`);
    openai.enqueue({ type: 'text', text: 'A title.' });
    await call('understand_file', { file_path: 'long.md', max_chars: 20 });
    const sent = JSON.stringify(openai.requests[0]?.body);
    expect(sent).toContain('its first 20 of 508 characters');
    expect(sent).not.toContain('word word word word word');
  });

  it('sends an image to understand_image and an unknown binary away with what it reads', async () => {
    await writeFile(path.join(workspace.directory, 'photo.png'), samplePng());
    await writeFile(path.join(workspace.directory, 'blob.bin'), Buffer.from([0, 1, 2, 3, 255, 0]));
    await expect(call('understand_file', { file_path: 'photo.png' })).rejects.toThrow(
      'photo.png is not a document: it is image/png (understand_image reads it)',
    );
    await expect(call('understand_file', { file_path: 'blob.bin' })).rejects.toThrow(
      'blob.bin is of a kind that cannot be told; understand_file reads text files (plain, Markdown, CSV, JSON, YAML, code) and PDFs.',
    );
  });
});

describe('understand_audio', () => {
  it('sends each recording to a model that takes audio, and says clearly when the model does not', async () => {
    await writeFile(path.join(workspace.directory, 'memo.wav'), sampleWav());
    gemini.enqueue({ type: 'text', text: 'Hello there.' });
    const result = await call('understand_audio', { audio_paths: ['memo.wav'] }, { model: { type: 'gemini' } });
    expect(result.content).toContain('Hello there.');
    expect(gemini.requests[0]?.media).toEqual([expect.objectContaining({ kind: 'audio', mediaType: 'audio/wav' })]);
    // OpenAI's Responses API has no audio input: the backend refuses before any request.
    await expect(call('understand_audio', { audio_paths: ['memo.wav'] })).rejects.toThrow(
      /^understand_audio needs a model that takes audio, and openai gpt-4\.1 does not\. .+ Set tools\.media\.model to one that does \(type: gemini\)\.$/,
    );
    expect(openai.requests).toEqual([]);
  });
});

describe('understand_video', () => {
  // The smallest MP4 header file-type recognises: an `ftyp` box.
  const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

  it('gives a model that takes video the whole file', async () => {
    await writeFile(path.join(workspace.directory, 'clip.mp4'), mp4);
    gemini.enqueue({ type: 'text', text: 'A short clip.' });
    const result = await call('understand_video', { video_path: 'clip.mp4' }, { model: { type: 'gemini' } });
    expect(result.content).toContain('A short clip.');
    expect(gemini.requests[0]?.media).toEqual([expect.objectContaining({ mediaType: 'video/mp4' })]);
  });

  it('says what is missing when the model takes no video and ffmpeg is not installed', async () => {
    await writeFile(path.join(workspace.directory, 'clip.mp4'), mp4);
    // A PATH with no programs on it: as on a machine without ffmpeg.
    const savedPath = process.env['PATH'];
    process.env['PATH'] = workspace.directory;
    try {
      await expect(call('understand_video', { video_path: 'clip.mp4' })).rejects.toThrow(
        'understand_video cannot watch clip.mp4: openai gpt-4.1 does not take video, and sampling frames needs ffmpeg and ffprobe on PATH, and they are not there (on Debian or Ubuntu: apt-get install ffmpeg).',
      );
    } finally {
      process.env['PATH'] = savedPath;
    }
    expect(openai.requests).toEqual([]);
  });

  describe.skipIf(!ffmpegInstalled)(
    `with ffmpeg${ffmpegInstalled ? '' : ' (skipped: ffmpeg is not installed; .ci/run installs it)'}`,
    () => {
      it('shows a model that takes no video frames sampled evenly, in order', async () => {
        const clip = path.join(workspace.directory, 'clip.mp4');
        await writeSampleVideo(clip);
        openai.enqueue({ type: 'text', text: 'A test pattern with a moving counter.' });
        const result = await call('understand_video', { video_path: 'clip.mp4', num_frames: 3 });
        expect(result.content).toContain('A test pattern with a moving counter.');
        const [request] = openai.requests;
        expect(request?.media.map((media) => media.mediaType)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
        // Different moments of the clip, so different pictures.
        expect(new Set(request?.media.map((media) => media.bytes?.toString('base64'))).size).toBe(3);
        expect(JSON.stringify(request?.body)).toContain('3 frames sampled evenly from the video clip.mp4');
      });

      it('says clearly when ffmpeg cannot read the file', async () => {
        // An MP4 header with nothing after it: typed as video, but no frames to read.
        await writeFile(path.join(workspace.directory, 'broken.mp4'), mp4);
        await expect(call('understand_video', { video_path: 'broken.mp4' })).rejects.toThrow(
          'ffmpeg could not read broken.mp4: moov atom not found.',
        );
        expect(openai.requests).toEqual([]);
      });
    },
  );
});
