import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimit.ts';

describe('RateLimiter', () => {
  it('blocks after the limit within the window and frees the key when the window passes', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.retryAfter('a')).toBe(1);
    expect(limiter.retryAfter('b')).toBe(0);
    now = 1001;
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('reset clears the key', () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
