import { describe, expect, it } from 'vitest';
import { OutputTail } from './output-tail.js';

describe('OutputTail', () => {
  it('keeps everything while it fits', () => {
    const tail = new OutputTail(100);
    tail.append('Starting server...\n');
    tail.append('Error: Cannot find module\n');
    expect(tail.lastLines()).toBe('Starting server...\nError: Cannot find module');
  });

  it('keeps the last characters and marks the cut', () => {
    const tail = new OutputTail(10);
    tail.append('0123456789');
    expect(tail.lastLines()).toBe('0123456789');
    tail.append('abcde');
    expect(tail.lastLines()).toBe('...56789abcde');
  });
});
