import { createBackend } from '@massgen/backend-openai';
import type { ToolModels, ToolSource, Warning } from '@massgen/core';
import { createFakeOpenAIServer, type FakeOpenAIServer } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { agentYaml, checkCustomToolSettings, openCustomTools } from './custom-tools-test-support.js';

/**
 * Upstream's `custom_tools` entries for its media tools (`massgen/tool/_multimodal_tools/...`)
 * are `@massgen/tools-media`'s tools, under upstream's function names and with its parameter names.
 */
const scratch = useTemporaryDirectory('upstream-media');
let server: FakeOpenAIServer;
let source: ToolSource | undefined;

beforeEach(async () => {
  server = await createFakeOpenAIServer({ apiKey: 'sk-test' });
});

afterEach(async () => {
  await source?.close();
  source = undefined;
  await server.close();
});

/** The run's models as the runtime makes them, for an agent on OpenAI at the fake server. */
function models(): ToolModels {
  return {
    open: (agentId, choice = {}) =>
      Promise.resolve(
        createBackend({
          agentId,
          type: 'openai',
          model: choice.model ?? 'gpt-4o',
          options: { base_url: server.url, api_key: 'sk-test', ...choice.options },
          env: {},
          warn: () => undefined,
        }),
      ),
  };
}

const entries = [
  'cwd: workspace',
  'custom_tools:',
  '  - name: ["understand_image"]',
  '    category: "multimodal"',
  '    path: "massgen/tool/_multimodal_tools/understand_image.py"',
  '    function: ["understand_image"]',
  '  - {name: [understand_audio], path: massgen/tool/_multimodal_tools/understand_audio.py, function: [understand_audio]}',
  '  - {name: [understand_video], path: massgen/tool/_multimodal_tools/understand_video.py, function: [understand_video]}',
  '  - {name: [understand_file], path: massgen/tool/_multimodal_tools/understand_file.py, function: [understand_file]}',
  '  - {name: [text_to_image_generation], path: massgen/tool/_multimodal_tools/text_to_image_generation.py, function: [text_to_image_generation]}',
  '  - {name: [text_to_speech_transcription_generation], path: massgen/tool/_multimodal_tools/text_to_speech_transcription_generation.py, function: [text_to_speech_transcription_generation]}',
];

describe("upstream's media tools", () => {
  it('load with no warning, offered under upstream names with upstream parameters', async () => {
    const warnings: Warning[] = [];
    source = await openCustomTools(scratch.path, agentYaml(entries), { warnings, models: models() });
    expect(warnings).toEqual([]);
    expect(await checkCustomToolSettings(scratch.path, agentYaml(entries))).toEqual({ issues: [], warnings: [] });
    const tools = source.toolsFor?.('coder') ?? [];
    const parameters = Object.fromEntries(
      tools.map((tool) => [tool.name, Object.keys((tool.inputSchema as { properties: object }).properties)]),
    );
    expect(parameters).toEqual({
      custom_tool__understand_image: ['image_path', 'prompt'],
      custom_tool__understand_audio: ['audio_paths', 'prompt'],
      custom_tool__understand_video: ['video_path', 'prompt', 'num_frames'],
      custom_tool__understand_file: ['file_path', 'prompt', 'max_chars'],
      custom_tool__text_to_image_generation: ['prompt', 'storage_path', 'size', 'quality', 'count'],
      custom_tool__text_to_speech_transcription_generation: [
        'input_text',
        'voice',
        'instructions',
        'audio_format',
        'storage_path',
      ],
    });
  });
});
