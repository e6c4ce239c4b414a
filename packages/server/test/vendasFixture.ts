import { expect } from 'vitest';
import { montarChaveAcesso } from '@retaguarda/domain';
import type { TestContext } from './harness.ts';
import { criar, type Api } from './resourceApi.ts';

/** What a test of sales needs in a group: products, payment methods and a terminal with its credential. */
export interface CenarioVendas {
  ids: Record<'xis' | 'buffet' | 'suco' | 'dinheiro' | 'credito' | 'terminal', string>;
  token: string;
  /** POSTs with the terminal's credential (or another), JSON in, {status, body} out. */
  enviar: (body: unknown, credencial?: string, url?: string) => Promise<{ status: number; body: any }>;
}

export async function prepararVendas(ctx: Pick<TestContext, 'app'>, admin: Api): Promise<CenarioVendas> {
  const un = await criar(admin, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilo', fracionado: true });
  const ids = {
    xis: (await criar(admin, 'produtoGeral', { descricao: 'Xis bacon', unidade: un._id, ncm: '21069090' }))._id,
    buffet: (await criar(admin, 'produtoGeral', { descricao: 'Buffet por quilo', unidade: kg._id, tipoProduto: 'pesável', ncm: '21069090' }))._id,
    suco: (await criar(admin, 'produtoGeral', { descricao: 'Suco de laranja', unidade: un._id, ncm: '20091200' }))._id,
    dinheiro: (await criar(admin, 'formaPagamento', { descricao: 'Dinheiro', tipo: 'Dinheiro', permiteTroco: true }))._id,
    credito: (await criar(admin, 'formaPagamento', { descricao: 'Crédito', tipo: 'Cartão de Crédito' }))._id,
    terminal: (await criar(admin, 'terminal', { descricao: 'PDV 1', tipo: 'PDV' }))._id,
  };
  const credencial = await admin('POST', `/terminal/${ids.terminal}/credencial`);
  expect(credencial.status).toBe(201);
  const token: string = credencial.body.data.token;
  const enviar = async (body: unknown, outra = token, url = '/api/vendas') => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${outra}` }, payload: body as object });
    return { status: res.statusCode, body: res.json() };
  };
  return { ids, token, enviar };
}

/** A sale's NF-e/NFC-e with a valid access key (check digit and all); tpEmis 9 for a contingency one. */
export function documentoDeTeste(numero: number, serie: number, status: string, modelo: '65' | '55' = '65') {
  const tpEmis = status === 'contingencia' ? '9' : '1';
  const chave = montarChaveAcesso({ cUF: 35, anoMes: '2611', emitente: '12345678000195', modelo, serie, numero, tpEmis, codigo: 10 });
  return { modelo, chave, numero, serie, status };
}

/** A counter sale of one juice paid in cash: the smallest order the terminals send. */
export function pedidoSimples(cenario: Pick<CenarioVendas, 'ids'>, pedidoId: string) {
  return {
    pedidoId,
    canal: 'Balcão',
    abertoEm: '2026-11-20T12:01:00-03:00',
    fechadoEm: '2026-11-20T12:05:00-03:00',
    itens: [{ produto: cenario.ids.suco, quantidade: '1', precoUnitario: 900 }],
    pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: 900, troco: 0 }],
    total: 900,
  };
}
