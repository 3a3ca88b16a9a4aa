import { describe, expect, it } from 'vitest';
import { CitedSources, describeSources } from './cited-sources.js';

describe('cited sources', () => {
  it('lists each cited page once, in the order first cited, titled when the provider gave a title', () => {
    const sources = new CitedSources();
    expect(sources.footnote()).toBe('');
    sources.add({ url: 'https://a.example/', title: 'A' });
    sources.add({ url: 'https://b.example/' });
    sources.add({ url: 'https://a.example/', title: 'A again' });
    sources.add({ url: '' });
    expect(sources.footnote()).toBe('\n\nSources:\n- A: https://a.example/\n- https://b.example/');
  });

  it('describes a search’s sources a line each', () => {
    expect(describeSources([])).toBe('no sources listed');
    expect(describeSources([{ url: 'https://a.example/', title: 'A' }, { url: 'https://b.example/' }])).toBe(
      'A: https://a.example/\nhttps://b.example/',
    );
  });
});
