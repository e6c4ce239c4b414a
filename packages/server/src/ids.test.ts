import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('is a version 7 UUID', () => {
    expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts by creation time', () => {
    const ids = [newId(1_000), newId(2_000), newId(3_000)];
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('newId, many at once', () => {
  it('never repeats across refills of its random reserve', () => {
    const ids = Array.from({ length: 2000 }, () => newId(5_000));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
