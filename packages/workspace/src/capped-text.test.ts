import { describe, expect, it } from 'vitest';
import { CappedText } from './capped-text.js';

describe('CappedText', () => {
  it('keeps short text whole', () => {
    const text = new CappedText(10, 5);
    text.append('hello ');
    text.append('world');
    expect(text.toString()).toBe('hello world');
  });

  it('keeps the start and the end of long text and counts what it left out', () => {
    const text = new CappedText(4, 3);
    for (const chunk of ['abcdef', 'ghij', 'klmnop']) text.append(chunk);
    expect(text.toString()).toBe('abcd\n[... 9 characters omitted ...]\nnop');
  });
});
