import { describe, expect, it } from 'vitest';
import { findRecurso } from '../resources/catalogue.ts';
import { conjuntosDeDados } from './conjuntosDeDados.ts';
import { definicaoRelatorio, problemasDaDefinicao } from './relatorioCriado.ts';

const base = { conjunto: 'vendas' as const, colunas: ['dia', 'total'], filtros: [], agrupamento: null, ordenacao: [] };

describe('data sets', () => {
  it('declare vendas, itens vendidos and pagamentos, every column with a Portuguese label and a kind', () => {
    expect(Object.keys(conjuntosDeDados)).toEqual(['vendas', 'itensVendidos', 'pagamentos']);
    for (const c of Object.values(conjuntosDeDados)) {
      for (const d of Object.values(c.dimensoes)) expect(d.rotulo).toMatch(/^[A-ZÁÉÍÓÚ]/);
      for (const m of Object.values(c.medidas)) expect(['dinheiro', 'decimal', 'inteiro']).toContain(m.tipo);
    }
    expect(conjuntosDeDados.itensVendidos.medidas.quantidade.tipo).toBe('decimal');
    expect(conjuntosDeDados.pagamentos.dimensoes.bandeira.rotulo).toBe('Bandeira');
  });
});

describe('definition of a user-built report', () => {
  it('fills the defaults and accepts the columns of its data set', () => {
    const d = definicaoRelatorio.parse({ conjunto: 'itensVendidos', colunas: ['agrupador', 'produto', 'quantidade', 'total'], agrupamento: 'agrupador' });
    expect(d).toMatchObject({ filtros: [], ordenacao: [], incluirCancelados: false });
    expect(problemasDaDefinicao(d)).toEqual([]);
  });

  it('names the unknown column, filter, subtotal and order', () => {
    expect(problemasDaDefinicao({ ...base, colunas: ['dia', 'produto', 'total'] })).toEqual([{ campo: 'colunas', mensagem: 'Coluna desconhecida em Vendas: produto.' }]);
    expect(problemasDaDefinicao({ ...base, colunas: ["total; drop table venda"] })[0]!.mensagem).toBe('Coluna desconhecida em Vendas: total; drop table venda.');
    expect(problemasDaDefinicao({ ...base, filtros: [{ dimensao: 'bandeira', valores: ['x'] }] })).toEqual([{ campo: 'filtros', mensagem: 'Filtro desconhecido em Vendas: bandeira.' }]);
    expect(problemasDaDefinicao({ ...base, filtros: [{ dimensao: 'canal', valores: ['Drive-thru'] }] })[0]!.mensagem).toBe('Canal: valor desconhecido: Drive-thru.');
    expect(problemasDaDefinicao({ ...base, filtros: [{ dimensao: 'dia', valores: ['2026-01-01'] }] })[0]!.mensagem).toBe('Dia não tem filtro: use o período.');
    expect(problemasDaDefinicao({ ...base, agrupamento: 'canal' })).toEqual([{ campo: 'agrupamento', mensagem: 'Subtotal por uma dimensão das colunas: canal não é uma delas.' }]);
    expect(problemasDaDefinicao({ ...base, ordenacao: [{ coluna: 'vendas', direcao: 'desc' }] })[0]!.campo).toBe('ordenacao');
    expect(problemasDaDefinicao({ ...base, colunas: ['dia', 'canal'] })[0]!.mensagem).toBe('Escolha ao menos uma medida (vendas, total…).');
    expect(problemasDaDefinicao({ ...base, conjunto: 'estoque' as never })[0]!.mensagem).toBe('Conjunto de dados desconhecido: estoque.');
  });

  it('is what the saved report checks on save (the resource rules)', () => {
    const def = findRecurso('relatorioCriado')!;
    const dados = def.schema.parse({ nome: 'Por bandeira', conjunto: 'pagamentos', colunas: ['bandeira', 'total', 'foo'] });
    expect(dados).toMatchObject({ compartilhado: false, autor: '' });
    expect(def.regras!(dados)).toEqual([{ campo: 'colunas', mensagem: 'Coluna desconhecida em Pagamentos: foo.' }]);
  });
});
