import type { ResultadoRelatorioCriado } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../resources/exportar.ts';
import { comoRelatorio } from './exportar.ts';

const resultado: ResultadoRelatorioCriado = {
  colunas: [
    { nome: 'canal', rotulo: 'Canal', papel: 'dimensao', tipo: 'texto' },
    { nome: 'quantidade', rotulo: 'Quantidade', papel: 'medida', tipo: 'decimal' },
    { nome: 'itens', rotulo: 'Itens', papel: 'medida', tipo: 'inteiro' },
    { nome: 'total', rotulo: 'Total', papel: 'medida', tipo: 'dinheiro' },
  ],
  linhas: [
    { _tipo: 'linha', canal: 'Salão', quantidade: '1234.5', itens: 1200, total: 123456 },
    { _tipo: 'subtotal', canal: 'Subtotal Salão', quantidade: '1234.5', itens: 1200, total: 123456 },
  ],
  totais: { _tipo: 'subtotal', canal: 'Total', quantidade: '1234.5', itens: 1200, total: 123456 },
};

describe('a user-built report as the exports read it', () => {
  it('keeps the columns in order with their kinds: exact decimals, counts, centavos as reais', () => {
    const r = comoRelatorio('Itens por canal', resultado);
    expect(r.recurso.rotulo).toBe('Itens por canal');
    expect(r.recurso.colunas).toEqual(['canal', 'quantidade', 'itens', 'total']);
    const csv = toCsv(r.recurso, r.registros).replace(/\u00a0/g, ' ');
    expect(csv.split('\r\n').slice(0, 4)).toEqual(['\uFEFFCanal;Quantidade;Itens;Total', 'Salão;1234,5;1200;1234,56', 'Subtotal Salão;1234,5;1200;1234,56', 'Total;1234,5;1200;1234,56']);
  });

  it('marks subtotal and total lines for the PDF, which sets them in bold', () => {
    const r = comoRelatorio('x', resultado);
    expect(r.registros.map((l) => l._id)).toEqual(['l0', 'subtotal:1', 'total']);
  });
});
