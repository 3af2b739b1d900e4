import { describe, expect, it } from 'vitest';
import { oneAtATime } from './uploads';

describe('image work queue', () => {
  it('runs at most two at a time, the rest in order, and goes on after a failure', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) =>
      oneAtATime(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        order.push(i);
        if (i === 1) throw new Error('damaged');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(job));
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    // The queue is empty again: a new job starts at once.
    expect(await oneAtATime(async () => 'next')).toBe('next');
  });
});
