import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle';

describe('LoginThrottle', () => {
  it('allows attempts up to the limit, then answers the wait in seconds', () => {
    const throttle = new LoginThrottle(3, 60);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfter(['user:a'], t0 + i)).toBe(0);
      throttle.fail(['user:a'], t0 + i);
    }
    expect(throttle.retryAfter(['user:a'], t0 + 10)).toBe(60);
    expect(throttle.retryAfter(['user:b'], t0 + 10)).toBe(0);
  });

  it('forgets failures once the window has passed, and on success', () => {
    const throttle = new LoginThrottle(2, 10);
    throttle.fail(['k'], 0);
    throttle.fail(['k'], 1);
    expect(throttle.retryAfter(['k'], 5_000)).toBeGreaterThan(0);
    expect(throttle.retryAfter(['k'], 11_500)).toBe(0);
    throttle.fail(['k'], 20_000);
    throttle.fail(['k'], 20_001);
    throttle.succeed(['k']);
    expect(throttle.retryAfter(['k'], 20_002)).toBe(0);
  });
});
