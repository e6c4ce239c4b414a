import { describe, expect, it } from 'vitest';
import { margemPercentual } from './margem.ts';

describe('margemPercentual', () => {
  it('is (price − cost) ÷ price in percent, 2 places, exact', () => {
    expect(margemPercentual(1000, 650)).toBe('35.00');
    expect(margemPercentual(300, 100)).toBe('66.67');
    expect(margemPercentual(300, 200)).toBe('33.33');
    expect(margemPercentual(1000, 0)).toBe('100.00');
    // Half a hundredth rounds away from zero: 1/8 = 12.5 % → (800 − 700) / 800.
    expect(margemPercentual(800, 799)).toBe('0.13');
  });

  it('is negative when the cost passes the price, and null without a price', () => {
    expect(margemPercentual(1000, 1500)).toBe('-50.00');
    expect(margemPercentual(300, 400)).toBe('-33.33');
    expect(margemPercentual(0, 100)).toBeNull();
  });
});
