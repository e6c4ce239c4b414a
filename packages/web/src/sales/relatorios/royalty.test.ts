import { describe, expect, it } from 'vitest';
import { royaltyCentavos } from './royalty.ts';

describe('royalty', () => {
  it('applies a percentage with places to centavos exactly, half up', () => {
    expect(royaltyCentavos(1_000_000, '5')).toBe(50_000);
    expect(royaltyCentavos(1_234_567, '4.5')).toBe(55_556); // 55555.515
    expect(royaltyCentavos(199, '0.25')).toBe(0); // 0.4975
    expect(royaltyCentavos(201, '0.25')).toBe(1); // 0.5025
  });
});
