import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { amostras, apiClient, criar, type Api } from './resourceApi.ts';

/**
 * Purchase orders above the company's approval limit wait for someone with the 'aprovar' permission (who
 * and when recorded); an order received in part is closed short (the rest no longer due).
 */
let ctx: TestContext;
let admin: Api;
let comprador: Api;
let fornecedor: string;
let almox: string;
let farinha: string;
let empresa: { _id: string; version: number; configuracoes: Record<string, unknown> };

const usuarioComPerfil = async (nome: string, acoes: string[]) => {
  const perfil = await criar(admin, 'acessoSistema', { nome, telas: { estoquePedidoCompra: acoes } });
  const corpo = (await amostras.usuario.corpos(admin))[0] as { login: string; senha: string };
  await criar(admin, 'usuario', { ...corpo, acessoSistema: perfil._id });
  return apiClient(ctx.app, await signIn(ctx.app, corpo.login, corpo.senha));
};
const limite = async (valor: number | null) => {
  empresa = (await admin('GET', `/empresa/${ctx.seed.demo.empresas[0]}`)).body.data;
  const r = await admin('PUT', `/empresa/${empresa._id}`, { configuracoes: { ...empresa.configuracoes, estoque: { ...(empresa.configuracoes.estoque as object), limiteAprovacaoPedidoCompra: valor } }, version: empresa.version });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  comprador = await usuarioComPerfil('Comprador', ['ver', 'criar', 'editar']);
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KGAP', descricao: 'Quilograma', fracionado: true });
  fornecedor = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '28475960000127', nome: 'Moinho Santa Clara Ltda', fornecedor: true }))._id;
  almox = (await criar(admin, 'estoqueCadastro', { descricao: 'Almoxarifado de farinhas' }))._id;
  farinha = (await criar(admin, 'produtoGeral', { descricao: 'Farinha de trigo tipo 1', unidade: kg._id }))._id;
  // R$ 3.000,00: the orders of other test files stay below it.
  await limite(300000);
});
afterAll(async () => {
  await limite(null);
  await ctx?.close();
});

const abrir = async (api: Api, quantidade: string) => {
  const r = await api('POST', '/estoquePedidoCompra', { fornecedor, itens: [{ produto: farinha, unidade: 'SC25', fator: '25', quantidade, precoUnitario: '10500' }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { _id: string; version: number };
};

describe('estoquePedidoCompra: approval above the company limit, and closing short', () => {
  it('sends an order below the limit at once; above it the order waits, and only a user allowed to approve releases it', async () => {
    const pequeno = await abrir(comprador, '10'); // R$ 1.050,00
    expect((await comprador('POST', `/estoquePedidoCompra/${pequeno._id}/enviar`)).body.data.status).toBe('enviado');

    const grande = await abrir(comprador, '40'); // R$ 4.200,00
    const aguardando = await comprador('POST', `/estoquePedidoCompra/${grande._id}/enviar`);
    expect(aguardando.body.data).toMatchObject({ status: 'aguardandoAprovacao', limiteAprovacao: 300000 });
    // Not yet with the supplier: nothing can be received.
    expect((await comprador('POST', `/estoquePedidoCompra/${grande._id}/receber`, { version: aguardando.body.data.version, local: almox, itens: [{ linha: 0, quantidade: '1' }] })).status).toBe(409);
    const negado = await comprador('POST', `/estoquePedidoCompra/${grande._id}/aprovar`);
    expect(negado.status).toBe(403);
    expect(negado.body.data.message).toContain('aprovar');

    const aprovador = await usuarioComPerfil('Gerente de compras', ['ver', 'aprovar']);
    const aprovado = await aprovador('POST', `/estoquePedidoCompra/${grande._id}/aprovar`);
    expect(aprovado.status, JSON.stringify(aprovado.body)).toBe(200);
    expect(aprovado.body.data.status).toBe('enviado');
    expect((aprovado.body.data.historico as { tipo: string }[]).map((e) => e.tipo)).toEqual(['criado', 'aprovacaoPedida', 'aprovado']);
    expect((await aprovador('POST', `/estoquePedidoCompra/${grande._id}/aprovar`)).status).toBe(409);
  });

  it('closes short an order received in part: the rest is no longer due, and nothing more is received', async () => {
    const pedido = await abrir(admin, '4');
    const enviado = (await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`)).body.data;
    expect((await admin('POST', `/estoquePedidoCompra/${pedido._id}/encerrar`, { motivo: 'Fornecedor sem estoque' })).status).toBe(409);
    const parte = (await admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, { version: enviado.version, local: almox, itens: [{ linha: 0, quantidade: '3' }] })).body.data.pedido;
    const semMotivo = await admin('POST', `/estoquePedidoCompra/${pedido._id}/encerrar`, {});
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.body.data.message).toContain('Motivo');
    const encerrado = await admin('POST', `/estoquePedidoCompra/${pedido._id}/encerrar`, { motivo: 'Fornecedor sem estoque' });
    expect(encerrado.body.data).toMatchObject({ status: 'encerrado', motivoEncerramento: 'Fornecedor sem estoque' });
    expect((encerrado.body.data.historico as { tipo: string; motivo?: string }[]).at(-1)).toMatchObject({ tipo: 'encerrado', motivo: 'Fornecedor sem estoque' });
    expect((await admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, { version: encerrado.body.data.version, local: almox, itens: [{ linha: 0, quantidade: '1' }] })).status).toBe(409);
    expect(parte.status).toBe('recebidoParcialmente');
  });

  it('keeps approving and closing behind the wall between groups', async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const pedido = await abrir(admin, '40');
    await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`);
    expect((await vizinho('POST', `/estoquePedidoCompra/${pedido._id}/aprovar`)).status).toBe(404);
    expect((await vizinho('POST', `/estoquePedidoCompra/${pedido._id}/encerrar`, { motivo: 'Invasão' })).status).toBe(404);
    expect((await admin('GET', `/estoquePedidoCompra/${pedido._id}`)).body.data.status).toBe('aguardandoAprovacao');
  });
});
