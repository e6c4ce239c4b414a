import type { LojaDoProduto } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { estadoInicial, paraEnvio } from './estado.ts';

const loja = (id: string, produtoEmpresa: LojaDoProduto['produtoEmpresa'] = null): LojaDoProduto => ({ _id: id, nome: id, impostosEstaduais: [], impostosFederais: [], produtoEmpresa });
const lojas = [loja('a', { _id: 'pa', preco: 500, modosVenda: ['Salão'], configuracaoImposto: 'icmsA', impostoFederal: null, ativo: true }), loja('b')];

describe('Preço nas lojas: what the product save sends', () => {
  it('sends nothing until stores are chosen', () => {
    expect(paraEnvio(estadoInicial(lojas), lojas)).toBeUndefined();
  });

  it('sends the typed reais as centavos, the chosen stores and each one’s taxes as it has them', () => {
    const estado = { ...estadoInicial(lojas), modo: 'escolher' as const, escolhidas: ['a', 'b'], preco: '1.234,5' };
    expect(paraEnvio(estado, lojas)).toEqual({
      empresas: ['a', 'b'],
      preco: 123450,
      modosVenda: ['Salão', 'Balcão', 'Delivery', 'Totem'],
      impostos: { a: { configuracaoImposto: 'icmsA', impostoFederal: null }, b: { configuracaoImposto: null, impostoFederal: null } },
    });
  });

  it("says 'todas' for every store, and a price that is not an amount as null (the server names the field)", () => {
    const envio = paraEnvio({ ...estadoInicial(lojas), modo: 'todas', preco: '12,345' }, lojas);
    expect(envio).toMatchObject({ empresas: 'todas', preco: null });
    expect(Object.keys(envio!.impostos)).toEqual(['a', 'b']);
  });
});
