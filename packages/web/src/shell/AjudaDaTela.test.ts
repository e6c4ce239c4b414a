import { pageOf, recursoDaTela, screens } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { pages } from '../pages/registry.ts';

describe('the help of every built screen (issue 13, item 7)', () => {
  it('is written beside its declaration: what it is for, first steps, in Portuguese', () => {
    const construidas = screens.filter((s) => pages[pageOf(s)] || recursoDaTela(s.name));
    expect(construidas.length).toBeGreaterThan(60);
    const semAjuda = construidas.filter((s) => !s.ajuda || s.ajuda.paraQue.length < 20 || s.ajuda.passos.length === 0).map((s) => s.name);
    expect(semAjuda).toEqual([]);
    for (const s of construidas) expect(s.ajuda!.paraQue, s.name).not.toMatch(/ainda não foi escrita/);
  });
});
