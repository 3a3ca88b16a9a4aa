import { describe, expect, it } from 'vitest';
import { toolResultText } from './tool-result-text.js';

describe('toolResultText', () => {
  it('joins text blocks', () => {
    expect(
      toolResultText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      }),
    ).toBe('one\ntwo');
  });

  it('describes images and audio by type and size instead of passing base64 on', () => {
    const text = toolResultText({
      content: [
        { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
        { type: 'audio', data: 'A'.repeat(4096), mimeType: 'audio/wav' },
      ],
    });
    expect(text).toBe(
      '[image (image/png, 5 bytes) not shown: tool results reach this agent as text]\n[audio (audio/wav, 3.0 KiB) not shown: tool results reach this agent as text]',
    );
  });

  it('includes text resources with their URI and describes binary ones', () => {
    const text = toolResultText({
      content: [
        { type: 'resource', resource: { uri: 'file:///notes.txt', text: 'remember the milk' } },
        { type: 'resource', resource: { uri: 'file:///a.gz', blob: 'AAAA', mimeType: 'application/gzip' } },
        { type: 'resource_link', uri: 'demo://resource/1', name: 'Resource 1', description: 'a plain text resource' },
      ],
    });
    expect(text).toBe(
      '[resource <file:///notes.txt>]\nremember the milk\n[resource <file:///a.gz> (application/gzip, 3 bytes) not shown: binary content]\n[resource link: Resource 1 <demo://resource/1> a plain text resource]',
    );
  });

  it('falls back to structured content, then to a note that there was nothing', () => {
    expect(toolResultText({ content: [], structuredContent: { temperature: 21 } })).toBe('{\n  "temperature": 21\n}');
    expect(toolResultText({ content: [] })).toBe('The tool returned no content.');
  });
});
