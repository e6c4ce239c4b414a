import { describe, expect, it } from 'vitest';
import { ratear } from './rateio.ts';

describe('ratear', () => {
  it('splits to the centavo, the leftover to the largest remainders', () => {
    expect(ratear(29500, [19700, 9850])).toEqual([19667, 9833]);
    expect(ratear(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(ratear(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });
  it('keeps the sign of a negative total and puts everything on the first without weights', () => {
    expect(ratear(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(ratear(500, [0, 0])).toEqual([500, 0]);
  });
  it('is exact past 2^53 in the products', () => {
    const partes = ratear(9_000_000_000_00, [3_000_000_000_01, 6_000_000_000_03]);
    expect(partes.reduce((s, p) => s + p, 0)).toBe(9_000_000_000_00);
  });
});
