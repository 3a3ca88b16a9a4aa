import { describe, expect, it } from 'vitest';
import { AnswerNovelty, wordOverlap, wordSet } from './answer-novelty.js';

describe('answer novelty', () => {
  it('compares answers as sets of words, ignoring case, punctuation and repetition', () => {
    expect([...wordSet('Paris, paris. PARIS is the capital!')]).toEqual(['paris', 'is', 'the', 'capital']);
    expect(wordOverlap(wordSet('a b c d'), wordSet('c d e f'))).toBeCloseTo(2 / 6);
    expect(wordOverlap(wordSet('same words'), wordSet('Words, same.'))).toBe(1);
    expect(wordOverlap(wordSet('...'), wordSet('!!!'))).toBe(1);
    expect(wordOverlap(wordSet('text'), wordSet('...'))).toBe(0);
  });

  it('segments text without spaces into words, so Chinese answers are compared word by word', () => {
    const words = wordSet('为我们设计一个短视频社交App');
    expect(words.size).toBeGreaterThan(3);
    expect(words.has('app')).toBe(true);
  });

  it('refuses nothing under lenient, but still tells novel answers from restated ones', () => {
    const novelty = new AnswerNovelty('lenient');
    expect(novelty.judge('The capital of France is Paris.')).toEqual({ accepted: true, novel: true });
    novelty.record('agent1.1', 'The capital of France is Paris.');
    expect(novelty.judge('Paris is the capital of France.')).toEqual({ accepted: true, novel: false });
    expect(novelty.judge('Lyon hosts the largest silk museum in Europe.')).toEqual({ accepted: true, novel: true });
  });

  it('refuses above 70% word overlap under balanced and above 50% under strict, naming the answer repeated', () => {
    const earlier = 'one two three four five six seven eight';
    // Seven shared words of ten in all: exactly 70%, which balanced still accepts.
    const seventy = 'one two three four five six seven nine ten';
    const sixty = 'one two three four five six nine ten';
    const balanced = new AnswerNovelty('balanced');
    balanced.record('agent2.1', earlier);
    expect(wordOverlap(wordSet(earlier), wordSet(seventy))).toBeCloseTo(0.7);
    expect(balanced.judge(seventy)).toEqual({ accepted: true, novel: true });
    const repeated = balanced.judge(`${earlier} nine`);
    expect(repeated).toEqual({ accepted: false, problem: expect.stringContaining('repeats answer agent2.1') });
    expect(repeated).toMatchObject({
      problem: expect.stringContaining('share 89% of their words, and this run accepts at most 70%'),
    });

    const strict = new AnswerNovelty('strict');
    strict.record('agent1.1', earlier);
    expect(wordOverlap(wordSet(earlier), wordSet(sixty))).toBeCloseTo(0.6);
    expect(strict.judge(sixty)).toMatchObject({
      accepted: false,
      problem: expect.stringContaining('answer_novelty_requirement: strict'),
    });
    expect(strict.judge('one two three nine ten eleven')).toEqual({ accepted: true, novel: true });
  });

  it('judges against every earlier answer, superseded ones included, and names the closest', () => {
    const novelty = new AnswerNovelty('balanced');
    novelty.record('agent1.1', 'alpha beta gamma delta');
    novelty.record('agent2.1', 'red green blue yellow');
    novelty.record('agent1.2', 'north south east west');
    expect(novelty.judge('red green blue yellow')).toMatchObject({
      accepted: false,
      problem: expect.stringContaining('agent2.1'),
    });
    expect(novelty.judge('alpha beta gamma delta')).toMatchObject({
      accepted: false,
      problem: expect.stringContaining('agent1.1'),
    });
  });
});
