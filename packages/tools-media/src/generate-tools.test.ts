import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ToolModelChoice } from '@massgen/core';
import { createFakeOpenAIServer, type FakeOpenAIServer } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callMediaTool, modelsAt, temporaryWorkspace } from './media-test-support.js';

let openai: FakeOpenAIServer;
let workspace: Awaited<ReturnType<typeof temporaryWorkspace>>;

beforeEach(async () => {
  workspace = await temporaryWorkspace();
  openai = await createFakeOpenAIServer({ apiKey: 'sk-test' });
});

afterEach(async () => {
  await openai.close();
  await workspace.remove();
});

function call(name: string, input: unknown, settings = {}, asked: ToolModelChoice[] = []) {
  return callMediaTool(name, input, {
    settings,
    models: modelsAt({ openai: openai.url, gemini: 'http://127.0.0.1:9/v1beta' }, asked),
    workspace: workspace.workspace,
  });
}

describe('text_to_image', () => {
  it("draws with OpenAI's gpt-image-1 through the images endpoint and saves the PNGs in the workspace", async () => {
    const asked: ToolModelChoice[] = [];
    const result = await call(
      'text_to_image',
      { prompt: 'A lighthouse at dusk', storage_path: 'art', size: '1536x1024', count: 2 },
      {},
      asked,
    );
    expect(asked).toEqual([{ type: 'openai', model: 'gpt-image-1' }]);
    expect(openai.mediaRequests).toEqual([
      expect.objectContaining({
        endpoint: 'images',
        body: { model: 'gpt-image-1', prompt: 'A lighthouse at dusk', n: 2, size: '1536x1024' },
      }),
    ]);
    const files = (await readdir(path.join(workspace.directory, 'art'))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^a-lighthouse-at-dusk-\d{8}-\d{6}-1\.png$/);
    const png = await readFile(path.join(workspace.directory, 'art', files[0] ?? ''));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(result.content).toContain('Saved 2 images (made by openai gpt-image-1):');
    expect(result.content).toContain(`art/${files[0] ?? ''} (image/png, ${png.length} bytes)`);
  });

  it('uses the image model the settings name, and returns what the API refuses as an error', async () => {
    await expect(
      call('text_to_image', { prompt: 'A cat', size: '640x480' }, { image_model: { model: 'dall-e-3' } }),
    ).rejects.toThrow("Invalid value: '640x480'. Supported values are: '1024x1024', '1792x1024', '1024x1792'.");
    expect(openai.mediaRequests[0]?.body).toMatchObject({ model: 'dall-e-3', response_format: 'b64_json' });
    expect(await readdir(workspace.directory)).toEqual([]);
  });

  it('says which setting to change when the chosen backend cannot make images', async () => {
    await expect(call('text_to_image', { prompt: 'A cat' }, { image_model: { type: 'gemini' } })).rejects.toThrow(
      'gemini gemini-2.5-flash cannot make images: its backend has no such API. Set tools.media.image_model to a backend that has one (type: openai).',
    );
  });

  it('writes nowhere but inside the workspace', async () => {
    await expect(call('text_to_image', { prompt: 'A cat', storage_path: '../outside' })).rejects.toThrow(
      'is outside the directories you may use',
    );
  });
});

describe('text_to_speech', () => {
  it('reads the text aloud through the speech endpoint and saves the recording', async () => {
    const result = await call('text_to_speech', {
      input_text: 'Welcome to the team.',
      voice: 'coral',
      instructions: 'Cheerful.',
      audio_format: 'wav',
    });
    expect(openai.mediaRequests).toEqual([
      expect.objectContaining({
        endpoint: 'speech',
        body: {
          model: 'gpt-4o-mini-tts',
          input: 'Welcome to the team.',
          voice: 'coral',
          instructions: 'Cheerful.',
          response_format: 'wav',
        },
      }),
    ]);
    const [file] = await readdir(workspace.directory);
    expect(file).toMatch(/^welcome-to-the-team-\d{8}-\d{6}\.wav$/);
    const wav = await readFile(path.join(workspace.directory, file ?? ''));
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(result.content).toBe(
      `Saved the recording (made by openai gpt-4o-mini-tts): ${file ?? ''} (audio/wav, ${wav.length} bytes)`,
    );
  });

  it("returns the API's refusal of an unknown voice", async () => {
    await expect(call('text_to_speech', { input_text: 'Hi', voice: 'robot' })).rejects.toThrow(
      "Invalid value for 'voice': 'robot'.",
    );
  });
});
