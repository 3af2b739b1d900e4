import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers';

describe('KeptAnswers', () => {
  it('keeps a value under its key for its time to live only', () => {
    const cache = new KeptAnswers<number>(1_000);
    cache.set('k', 1, 10_000);
    expect(cache.get('k', 10_500)).toBe(1);
    expect(cache.get('k', 11_000)).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = new KeptAnswers<string>(60_000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, key);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
  });

  it('computes identical misses once, and shares an error as well', async () => {
    const cache = new KeptAnswers<number>(60_000);
    let computed = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 10));
    expect(await Promise.all([cache.through('k', slow), cache.through('k', slow), cache.through('k', slow)])).toEqual([1, 1, 1]);
    expect(await cache.through('k', slow)).toBe(1);
    expect(cache.stats).toEqual({ kept: 1, computed: 1, shared: 2 });
    const failing = () => new Promise<number>((_, reject) => setTimeout(() => reject(new Error('down')), 10));
    const results = await Promise.allSettled([cache.through('e', failing), cache.through('e', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.through('e', slow)).toBe(2); // an error is not kept
  });

  it('shares but does not keep what `keep` refuses, and computes alone without a key', async () => {
    const cache = new KeptAnswers<number>(60_000);
    let computed = 0;
    const compute = async () => ++computed;
    await cache.through('k', compute, () => false);
    expect(await cache.through('k', compute, () => false)).toBe(2);
    expect(await cache.through(undefined, compute)).toBe(3);
    expect(await cache.through(undefined, compute)).toBe(4);
  });

  it('keeps nothing and shares nothing with a time to live of zero (the cold path)', async () => {
    const cache = new KeptAnswers<number>(0);
    let computed = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 5));
    expect(await Promise.all([cache.through('k', slow), cache.through('k', slow)])).toEqual([1, 2]);
    expect(cache.get('k')).toBeUndefined();
  });
});
