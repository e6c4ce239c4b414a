import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * A purchase order e-mailed to the supplier as a PDF through the outbox: to the supplier's address from
 * pessoa (or one typed), the PDF attached, the sending kept on the order; refused for a draft or without an
 * address; behind the wall between groups.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let comEmail: string;
let semEmail: string;
let queijo: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KGEM', descricao: 'Quilograma', fracionado: true });
  comEmail = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '63915287000108', nome: 'Laticínios Serra Azul Ltda', fornecedor: true, enderecosEletronicos: [{ tipo: 'Site', endereco: 'serraazul.com.br' }, { tipo: 'E-mail', endereco: 'pedidos@serraazul.com.br' }] }))._id;
  semEmail = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '41827635000144', nome: 'Queijaria do Vale', fornecedor: true }))._id;
  queijo = (await criar(admin, 'produtoGeral', { descricao: 'Queijo muçarela peça', unidade: kg._id }))._id;
});
afterAll(async () => ctx?.close());

const abrir = async (fornecedor: string) => {
  const r = await admin('POST', '/estoquePedidoCompra', { fornecedor, previsaoEntrega: '2026-12-03', itens: [{ produto: queijo, unidade: 'PC4', fator: '4', quantidade: '6', precoUnitario: '15990' }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { _id: string; numero: number };
};

describe('estoquePedidoCompra: the order e-mailed as a PDF', () => {
  it('sends the PDF to the supplier address of pessoa, and keeps who sent it, when and to whom', async () => {
    const pedido = await abrir(comEmail);
    expect((await admin('POST', `/estoquePedidoCompra/${pedido._id}/email`, {})).status).toBe(409);
    await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`);
    const r = await admin('POST', `/estoquePedidoCompra/${pedido._id}/email`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const outbox = await ctx.outbox();
    const linha = outbox.find((e) => e.assunto.startsWith(`Pedido de compra nº ${pedido.numero} `) && e.para === 'pedidos@serraazul.com.br');
    expect(linha?.status).toBe('enviado');
    const enviado = ctx.mailer.enviados.find((m) => m.para === 'pedidos@serraazul.com.br' && m.assunto === linha!.assunto)!;
    expect(enviado.texto).toContain('R$ 959,40');
    const anexo = enviado.anexos![0]!;
    expect(anexo).toMatchObject({ nome: `pedido-compra-${pedido.numero}.pdf`, tipo: 'application/pdf' });
    expect(Buffer.from(anexo.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const evento = (r.body.data.historico as { tipo: string; para?: string; quem: string }[]).find((e) => e.tipo === 'email');
    expect(evento).toMatchObject({ para: 'pedidos@serraazul.com.br' });
    expect(evento!.quem.length).toBeGreaterThan(0);
    expect(r.body.data.fornecedorEmail).toBe('pedidos@serraazul.com.br');
  });

  it('asks for an address when the supplier has none, and sends to the one typed', async () => {
    const pedido = await abrir(semEmail);
    await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`);
    const sem = await admin('POST', `/estoquePedidoCompra/${pedido._id}/email`, {});
    expect(sem.status).toBe(400);
    expect(sem.body.data.message).toContain('E-mail');
    const ruim = await admin('POST', `/estoquePedidoCompra/${pedido._id}/email`, { para: 'não é e-mail' });
    expect(ruim.status).toBe(400);
    const ok = await admin('POST', `/estoquePedidoCompra/${pedido._id}/email`, { para: 'vendas@queijariadovale.com.br' });
    expect(ok.status).toBe(200);
    await ctx.outbox();
    expect(ctx.mailer.enviados.some((m) => m.para === 'vendas@queijariadovale.com.br' && m.anexos?.length === 1)).toBe(true);
  });

  it('keeps the e-mail behind the wall between groups', async () => {
    const pedido = await abrir(comEmail);
    await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`);
    const antes = ctx.mailer.enviados.length;
    expect((await vizinho('POST', `/estoquePedidoCompra/${pedido._id}/email`, { para: 'invasor@exemplo.com' })).status).toBe(404);
    await ctx.outbox();
    expect(ctx.mailer.enviados.length).toBe(antes);
  });
});
