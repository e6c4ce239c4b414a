import { defineRecurso, type RecursoDef } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toCsv } from './exportar.ts';

const produto = defineRecurso({
  nome: 'produtoTeste',
  rotulo: 'Produto',
  rotuloPlural: 'Produtos',
  escopo: 'grupo',
  schema: () => z.object({ descricao: z.string(), preco: z.number().int(), ativo: z.boolean(), grupo: z.string().nullable() }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    preco: { rotulo: 'Preço de venda', tipo: 'dinheiro' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
    grupo: { rotulo: 'Grupo', tipo: 'referencia' },
  },
  colunas: ['descricao', 'preco', 'ativo', 'grupo'],
  busca: ['descricao'],
  filtros: [],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
}) as unknown as RecursoDef;

describe('CSV export', () => {
  it('writes what is shown: BOM, ";" separator, Portuguese headers, Sim/Não, money as a number, populated references', () => {
    const csv = toCsv(produto, [
      { _id: '1', descricao: 'Pão de queijo', preco: 123456, ativo: true, grupo: { _id: 'g', descricao: 'Salgados' } },
      { _id: '2', descricao: 'Suco "natural"; 500 ml', preco: 950, ativo: false, grupo: null },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const linhas = csv.slice(1).split('\r\n');
    expect(linhas[0]).toBe('Descrição;Preço de venda;Ativo;Grupo');
    expect(linhas[1]).toBe('Pão de queijo;1234,56;Sim;Salgados');
    expect(linhas[2]).toBe('"Suco ""natural""; 500 ml";9,50;Não;');
    expect(linhas[3]).toBe('');
  });

  it('writes numbers a Brazilian spreadsheet sums (decimal comma, no R$ nor thousands dots) and dates as dd/mm/aaaa', () => {
    const recurso = {
      ...produto,
      colunas: ['descricao', 'total', 'quantidade', 'itens', 'aliquota', 'dia', 'em', 'negativo'],
      campos: {
        descricao: { rotulo: 'Descrição', tipo: 'texto' },
        total: { rotulo: 'Total', tipo: 'dinheiro' },
        quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
        itens: { rotulo: 'Itens', tipo: 'inteiro' },
        aliquota: { rotulo: 'Alíquota', tipo: 'percentual' },
        dia: { rotulo: 'Dia', tipo: 'data' },
        em: { rotulo: 'Em', tipo: 'texto' },
        negativo: { rotulo: 'Estorno', tipo: 'dinheiro' },
      },
    } as unknown as RecursoDef;
    const csv = toCsv(recurso, [
      { _id: '1', descricao: 'Loja 1', total: 2911825, quantidade: '1234.5000', itens: 1200, aliquota: '18.0000', dia: '2026-11-26', em: '26/11/2026 14:05', negativo: -5 },
      { _id: '2', descricao: '31/02/2026', total: 0, quantidade: null, itens: 0, aliquota: null, dia: '2026-01-02T10:00:00Z', em: '26/11/2026', negativo: -12345 },
    ]);
    const linhas = csv.slice(1).split('\r\n');
    expect(linhas[1]).toBe('Loja 1;29118,25;1234,5;1200;18;26/11/2026;26/11/2026 14:05;-0,05');
    // Not a day of the calendar: stays the text it is.
    expect(linhas[2]).toBe('31/02/2026;0,00;;0;;02/01/2026;26/11/2026;-123,45');
    expect(csv).not.toContain('R$');
  });
});
