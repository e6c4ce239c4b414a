import { describe, expect, it } from 'vitest';
import { fimDoMes, somarMeses } from './datas.ts';

describe('calendar dates', () => {
  it('adds months on the same day, pulled back to a short month’s last day', () => {
    expect(somarMeses('2027-12-15', 2)).toBe('2028-02-15');
    expect(somarMeses('2028-01-30', 1)).toBe('2028-02-29');
    expect(somarMeses('2026-03-10', -3)).toBe('2025-12-10');
  });

  it('the last day of a date’s month', () => {
    expect(fimDoMes('2028-02-10')).toBe('2028-02-29');
    expect(fimDoMes('2026-02-01')).toBe('2026-02-28');
    expect(fimDoMes('2026-12-31')).toBe('2026-12-31');
  });
});
