import { describe, expect, it } from 'vitest';
import { periodoDoTerminal, semPeriodo } from './periodo.ts';

const periodos = [
  { _id: 'p-outro', caixa: 'caixa-2', periodoAberto: true, dataAbertura: '2026-03-01' },
  { _id: 'p-1', caixa: 'caixa-1', periodoAberto: true, dataAbertura: '2026-03-02' },
];

describe('open period of the terminal (SPEC.md §4)', () => {
  it('is open when a period of the list belongs to the terminal’s cashier: id, open flag and opening date recorded', () => {
    expect(periodoDoTerminal(periodos, { configuracoes: { caixa: 'caixa-1' } })).toEqual({ existe: true, aberto: true, _id: 'p-1', dataAbertura: '2026-03-02' });
  });

  it('matches a populated cashier on the terminal and on the period', () => {
    const terminal = { configuracoes: { caixa: { _id: 'caixa-2', descricao: 'Caixa 2' } } };
    expect(periodoDoTerminal([{ ...periodos[0]!, caixa: { _id: 'caixa-2' } }], terminal)._id).toBe('p-outro');
  });

  it('is not open when no period is of this cashier, the terminal has no cashier, or there is no terminal', () => {
    expect(periodoDoTerminal(periodos, { configuracoes: { caixa: 'caixa-3' } })).toEqual(semPeriodo);
    expect(periodoDoTerminal(periodos, { configuracoes: { caixa: null } })).toEqual(semPeriodo);
    expect(periodoDoTerminal(periodos, null)).toEqual(semPeriodo);
    expect(periodoDoTerminal([], { configuracoes: { caixa: 'caixa-1' } })).toEqual(semPeriodo);
  });

  it('ignores a closed period that came in the list', () => {
    expect(periodoDoTerminal([{ _id: 'p-f', caixa: 'caixa-1', periodoAberto: false, dataAbertura: '2026-01-01' }], { configuracoes: { caixa: 'caixa-1' } })).toEqual(semPeriodo);
  });
});
