import { defineRecurso, type RecursoDef } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toCsv } from './exportar.ts';

const produto = defineRecurso({
  nome: 'produtoTeste',
  rotulo: 'Produto',
  rotuloPlural: 'Produtos',
  escopo: 'grupo',
  schema: z.object({ descricao: z.string(), preco: z.number().int(), ativo: z.boolean(), grupo: z.string().nullable() }),
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
  it('writes what is shown: BOM, ";" separator, Portuguese headers, Sim/Não, BRL, populated references', () => {
    const csv = toCsv(produto, [
      { _id: '1', descricao: 'Pão de queijo', preco: 123456, ativo: true, grupo: { _id: 'g', descricao: 'Salgados' } },
      { _id: '2', descricao: 'Suco "natural"; 500 ml', preco: 950, ativo: false, grupo: null },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const linhas = csv.slice(1).split('\r\n');
    expect(linhas[0]).toBe('Descrição;Preço de venda;Ativo;Grupo');
    expect(linhas[1]).toBe('Pão de queijo;R$ 1.234,56;Sim;Salgados');
    expect(linhas[2]).toBe('"Suco ""natural""; 500 ml";R$ 9,50;Não;');
    expect(linhas[3]).toBe('');
  });
});
