import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * Purchase orders, what the screen needs beyond the first slice: a draft rewritten with the version read
 * (a stale version or a sent order is a 409, nothing changed), the list's period and received value, the
 * history of who did what, and the walls between groups and between the companies of one group.
 */
let ctx: TestContext;
let admin: Api;
let loja: Api;
let vizinho: Api;
let fornecedor: string;
let outroFornecedor: string;
let almox: string;
let feijao: string;
const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  loja = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  expect((await loja('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1]! })).status).toBe(200);
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KGED', descricao: 'Quilograma', fracionado: true });
  fornecedor = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '73820564000144', nome: 'Cerealista Boa Safra Ltda', fornecedor: true }))._id;
  outroFornecedor = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '51937028000190', nome: 'Distribuidora Grão de Ouro', fornecedor: true }))._id;
  almox = (await criar(admin, 'estoqueCadastro', { descricao: 'Almoxarifado central' }))._id;
  feijao = (await criar(admin, 'produtoGeral', { descricao: 'Feijão carioca', unidade: kg._id }))._id;
});
afterAll(async () => ctx?.close());

const corpo = (extra: Record<string, unknown> = {}) => ({ fornecedor, previsaoEntrega: '2026-12-10', itens: [{ produto: feijao, unidade: 'SC30', fator: '30', quantidade: '2', precoUnitario: '21000' }], ...extra });

describe('estoquePedidoCompra: editing a draft, the list and the history', () => {
  it('rewrites a draft with the version read; a stale version or a sent order is a 409 and changes nothing', async () => {
    const aberto = (await admin('POST', '/estoquePedidoCompra', corpo())).body.data;
    const editado = await admin('PUT', `/estoquePedidoCompra/${aberto._id}`, corpo({ version: aberto.version, fornecedor: outroFornecedor, itens: [{ produto: feijao, unidade: 'SC30', fator: '30', quantidade: '3', precoUnitario: '20500' }], observacao: 'Entregar pela manhã' }));
    expect(editado.status, JSON.stringify(editado.body)).toBe(200);
    expect(editado.body.data).toMatchObject({ fornecedorNome: 'Distribuidora Grão de Ouro', valor: 61500, observacao: 'Entregar pela manhã', numero: aberto.numero });
    // Someone who opened the order before that edit.
    const velho = await admin('PUT', `/estoquePedidoCompra/${aberto._id}`, corpo({ version: aberto.version }));
    expect(velho.status).toBe(409);
    const semPreco = await admin('PUT', `/estoquePedidoCompra/${aberto._id}`, corpo({ version: editado.body.data.version, itens: [{ produto: feijao, quantidade: '1' }] }));
    expect(semPreco.status).toBe(400);
    expect(semPreco.body.data.message).toContain('Item 1, preço unitário');
    const enviado = (await admin('POST', `/estoquePedidoCompra/${aberto._id}/enviar`)).body.data;
    expect((await admin('PUT', `/estoquePedidoCompra/${aberto._id}`, corpo({ version: enviado.version }))).status).toBe(409);
    expect((await admin('GET', `/estoquePedidoCompra/${aberto._id}`)).body.data).toMatchObject({ valor: 61500, status: 'enviado' });
  });

  it('lists by period with the value received, and tells who created, sent and received when', async () => {
    const aberto = (await admin('POST', '/estoquePedidoCompra', corpo())).body.data;
    const enviado = (await admin('POST', `/estoquePedidoCompra/${aberto._id}/enviar`)).body.data;
    const r = await admin('POST', `/estoquePedidoCompra/${aberto._id}/receber`, { version: enviado.version, local: almox, itens: [{ linha: 0, quantidade: '1' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const lista = async (f: Record<string, unknown>) => (await admin('POST', '/estoquePedidoCompra/lista', f)).body.data as { _id: string; valor: number; valorRecebido: number }[];
    expect((await lista({ de: hoje, ate: hoje })).find((p) => p._id === aberto._id)).toMatchObject({ valor: 42000, valorRecebido: 21000 });
    expect((await lista({ de: '2020-01-01', ate: '2020-01-31' })).some((p) => p._id === aberto._id)).toBe(false);
    const ruim = await admin('POST', '/estoquePedidoCompra/lista', { de: '31/12/2026' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toContain('Data inicial');
    const historico = (await admin('GET', `/estoquePedidoCompra/${aberto._id}`)).body.data.historico as { tipo: string; quem: string; numero?: number }[];
    expect(historico.map((e) => e.tipo)).toEqual(['criado', 'enviado', 'recebido']);
    expect(historico.every((e) => typeof e.quem === 'string' && e.quem.length > 0)).toBe(true);
    expect(r.body.data.pedido.recebimentos[0].localDescricao).toBe('Almoxarifado central');
  });

  it('keeps a draft behind the walls between groups and between the companies of a group', async () => {
    const aberto = (await admin('POST', '/estoquePedidoCompra', corpo())).body.data;
    for (const outro of [vizinho, loja]) {
      expect((await outro('PUT', `/estoquePedidoCompra/${aberto._id}`, corpo({ version: aberto.version }))).status).toBe(404);
      expect((await outro('GET', `/estoquePedidoCompra/${aberto._id}`)).status).toBe(404);
      expect(((await outro('POST', '/estoquePedidoCompra/lista', {})).body.data as { _id: string }[]).some((p) => p._id === aberto._id)).toBe(false);
    }
    expect((await admin('GET', `/estoquePedidoCompra/${aberto._id}`)).body.data.version).toBe(aberto.version);
  });
});
