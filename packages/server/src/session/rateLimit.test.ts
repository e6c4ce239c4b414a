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

  it('keeps at most maxChaves keys: expired ones go first, then the least recently hit', () => {
    let now = 0;
    const limiter = new RateLimiter(5, 1000, () => now, 3);
    limiter.hit('velha');
    now = 2000;
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    limiter.hit('d');
    expect(limiter.size).toBe(3);
    expect(limiter.count('velha')).toBe(0);
    expect(limiter.count('a')).toBe(0);
    expect(limiter.count('d')).toBe(1);
  });
});
