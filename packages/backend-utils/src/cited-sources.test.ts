import { describe, expect, it } from 'vitest';
import { CitedSources, describeSources, sourcesListedIn } from './cited-sources.js';

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

  it('finds the listed pages again at the end of a text, and only there', () => {
    const sources = new CitedSources();
    sources.add({ url: 'https://a.example/x?y=1', title: 'A: the site' });
    sources.add({ url: 'https://b.example/' });
    const text = `The answer.${sources.footnote()}`;
    expect(sourcesListedIn(text)).toEqual([
      { url: 'https://a.example/x?y=1', title: 'A: the site' },
      { url: 'https://b.example/' },
    ]);
    expect(sourcesListedIn(`${text}\nMore words after the list.`)).toEqual([]);
    expect(sourcesListedIn('No list.')).toEqual([]);
  });

  it('lists only the pages a text does not mention yet', () => {
    const sources = new CitedSources();
    sources.add({ url: 'https://a.example/', title: 'A' });
    sources.add({ url: 'https://b.example/' });
    expect(sources.footnoteFor('As https://a.example/ says.')).toBe('\n\nSources:\n- https://b.example/');
    expect(sources.footnoteFor('https://a.example/ and https://b.example/')).toBe('');
  });
});
