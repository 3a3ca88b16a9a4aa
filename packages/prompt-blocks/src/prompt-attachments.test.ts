import type { MediaPart } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { withAttachments } from './prompt-attachments.js';

describe('withAttachments', () => {
  it('keeps text alone a string, and puts the attachments after the text otherwise', () => {
    const image: MediaPart = {
      type: 'image',
      data: { type: 'url', url: 'https://example.com/map.png' },
      mediaType: 'image/png',
    };
    expect(withAttachments('Describe it.', undefined)).toBe('Describe it.');
    expect(withAttachments('Describe it.', [])).toBe('Describe it.');
    expect(withAttachments('Describe it.', [image])).toEqual([{ type: 'text', text: 'Describe it.' }, image]);
  });
});
