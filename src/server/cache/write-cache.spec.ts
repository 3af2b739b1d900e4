import { describe, expect, it } from 'vitest';
import { WriteCache } from './write-cache';

interface CachedSession {
  userId: string;
}

const session = (userId = 'u1'): CachedSession => ({ userId });

describe('WriteCache', () => {
  it('keeps a session read in the current generation, for its time to live only', () => {
    const cache = new WriteCache<CachedSession>(1_000);
    cache.set('s1', session(), cache.generation, 10_000);
    expect(cache.get('s1', 10_500)?.userId).toBe('u1');
    expect(cache.get('s1', 11_000)).toBeUndefined();
  });

  it('forgets everything on a write', () => {
    const cache = new WriteCache<CachedSession>();
    cache.set('s1', session(), cache.generation);
    cache.invalidateAll();
    expect(cache.get('s1')).toBeUndefined();
  });

  it('never stores a read that a write overtook', () => {
    const cache = new WriteCache<CachedSession>();
    const before = cache.generation;
    cache.invalidateAll(); // a logout committed while the read was on its way
    cache.set('s1', session(), before);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = new WriteCache<CachedSession>(60_000, 2);
    for (const id of ['a', 'b', 'c']) cache.set(id, session(id), cache.generation);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.userId).toBe('b');
    expect(cache.get('c')?.userId).toBe('c');
  });

  it('caches nothing with a time to live of zero', () => {
    const cache = new WriteCache<CachedSession>(0);
    cache.set('s1', session(), cache.generation);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('caches nothing while other processes could go unheard, and again once they are heard', () => {
    const cache = new WriteCache<CachedSession>();
    cache.set('s1', session(), cache.generation);
    cache.setTrusted(false);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s2', session(), cache.generation);
    expect(cache.get('s2')).toBeUndefined();
    cache.setTrusted(true);
    cache.set('s3', session(), cache.generation);
    expect(cache.get('s3')?.userId).toBe('u1');
  });

  it('serves nothing while a write is being checked, then what the check kept', () => {
    const cache = new WriteCache<CachedSession>();
    cache.set('s1', session('u1'), cache.generation);
    cache.set('s2', session('u2'), cache.generation);
    cache.hold();
    expect(cache.get('s1')).toBeUndefined();
    const before = cache.generation;
    cache.invalidateWhere((key) => key === 's2');
    cache.release();
    expect(cache.get('s1')?.userId).toBe('u1');
    expect(cache.get('s2')).toBeUndefined();
    cache.set('s2', session('u2'), before); // read before the check: not kept
    expect(cache.get('s2')).toBeUndefined();
  });
});
