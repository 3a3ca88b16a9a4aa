import { describe, expect, it } from 'vitest';
import { agentMediaTools } from './agent-media-settings.js';
import { mediaToolNames } from './media-settings.js';
import type { MediaAgentSettings, MediaRunSettings } from './media-settings.js';
import { isActive } from './index.js';

function settings(run: MediaRunSettings | undefined, agents: Record<string, MediaAgentSettings> = {}) {
  return { run, agents: Object.entries(agents).map(([agentId, agent]) => ({ agentId, settings: agent })) };
}

const all = [...mediaToolNames];

describe('agentMediaTools', () => {
  it('gives every agent all six tools for tools.media, and the ones it names', () => {
    expect(all).toHaveLength(6);
    expect(agentMediaTools(settings({}), 'a')).toEqual({ settings: {}, tools: all });
    expect(agentMediaTools(settings({ tools: ['understand_file'] }), 'a')?.tools).toEqual(['understand_file']);
    expect(agentMediaTools(settings(undefined), 'a')).toBeUndefined();
  });

  it("lets an agent's own block win, with the run-wide settings under it", () => {
    const both = settings({ max_file_mb: 5, tools: ['understand_image'] }, { b: { tools: ['text_to_speech'] } });
    expect(agentMediaTools(both, 'a')).toEqual({
      settings: { max_file_mb: 5, tools: ['understand_image'] },
      tools: ['understand_image'],
    });
    expect(agentMediaTools(both, 'b')).toEqual({
      settings: { max_file_mb: 5, tools: ['text_to_speech'] },
      tools: ['text_to_speech'],
    });
    expect(agentMediaTools(settings(undefined, { b: {} }), 'b')?.tools).toEqual(all);
  });

  it("reads upstream's switches: enable_image_generation and enable_audio_generation on a backend, enable_multimodal_tools anywhere", () => {
    expect(agentMediaTools(settings(undefined, { a: { enable_image_generation: true } }), 'a')).toEqual({
      settings: {},
      tools: ['text_to_image'],
    });
    expect(agentMediaTools(settings(undefined, { a: { enable_audio_generation: true } }), 'a')?.tools).toEqual([
      'text_to_speech',
    ]);
    expect(agentMediaTools(settings(undefined, { a: { enable_multimodal_tools: true } }), 'a')?.tools).toEqual(all);
    expect(agentMediaTools(settings(undefined, { a: { enable_image_generation: false } }), 'a')).toBeUndefined();
    expect(agentMediaTools(settings({ enable_multimodal_tools: true }), 'a')?.tools).toEqual(all);
    expect(agentMediaTools(settings({ enable_multimodal_tools: false }), 'a')).toBeUndefined();
    expect(agentMediaTools(settings({}, { a: { enable_multimodal_tools: false } }), 'a')).toBeUndefined();
  });

  it("takes upstream's generation backend names as the model types, and gives no tool for them alone", () => {
    const named = settings({
      enable_multimodal_tools: true,
      image_generation_backend: 'openai',
      audio_generation_backend: 'openai',
    });
    expect(agentMediaTools(named, 'a')).toEqual({
      settings: { image_model: { type: 'openai' }, speech_model: { type: 'openai' } },
      tools: all,
    });
    expect(agentMediaTools(settings({ image_generation_backend: 'openai' }), 'a')).toBeUndefined();
    expect(isActive(settings({ image_generation_backend: 'openai' }))).toBe(false);
    expect(isActive(settings({ image_generation_backend: 'openai' }, { a: { enable_image_generation: true } }))).toBe(
      true,
    );
    expect(isActive(settings(undefined, { a: { enable_audio_generation: false } }))).toBe(false);
  });
});
