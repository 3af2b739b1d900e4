import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

const label = (ua: string) => describeUserAgent(ua).label;

describe('describeUserAgent', () => {
  it('names the browser and the system', () => {
    expect(label('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(label('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51')).toBe('Edge on Windows');
    expect(label('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toBe('Safari on macOS');
    expect(label('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(label('Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0')).toBe('Firefox on Linux');
    expect(label('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(label('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(label('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.4.0.0 Safari/537.36')).toBe('Yandex Browser on Windows');
  });

  it('says what it knows, and "Unknown device" otherwise', () => {
    expect(label('curl/8.5.0')).toBe('curl');
    expect(label('vitest')).toBe('Unknown device');
    expect(describeUserAgent(null)).toEqual({ browser: undefined, os: undefined, label: 'Unknown device' });
  });
});
