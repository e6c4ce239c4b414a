// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatQtd } from '../formatoEstoque.ts';
import { textoDaFalta } from './disponibilidadeApi.ts';

const t = (k: string, o?: Record<string, unknown>) => `${k}:${JSON.stringify(o)}`;

describe('what an unavailable product lacks, in words', () => {
  it('an ingredient: what one unit takes and what the sales location has; the product itself: its empty shelf', () => {
    const falta = { produto: 'carne', codigo: '7', descricao: 'Carne moída', unidade: 'KG', necessario: '0.1500', saldo: '0.0500' };
    expect(textoDaFalta('xis', falta, t, formatQtd)).toBe('estoqueDisponibilidade.falta:{"ingrediente":"Carne moída","necessario":"0,15 KG","saldo":"0,05 KG"}');
    const propria = { produto: 'suco', codigo: null, descricao: 'Suco', unidade: 'UN', necessario: '0.0000', saldo: '-2.0000' };
    expect(textoDaFalta('suco', propria, t, formatQtd)).toBe('estoqueDisponibilidade.semSaldo:{"saldo":"-2 UN"}');
  });
});
