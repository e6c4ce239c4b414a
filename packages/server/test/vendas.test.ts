import { sql } from 'drizzle-orm';
import { cnpjCheckDigits, montarChaveAcesso } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant.ts';
import { venda } from '../src/db/schema/index.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { documentoDeTeste, prepararVendas, type CenarioVendas } from './vendasFixture.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let token: string;
let tokenVizinho: string;
const ids: Record<string, string> = {};

let enviar: CenarioVendas['enviar'];

const contar = async (tabela: string) => (await ctx.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${tabela}`))).rows[0]!.n;
const linhas = async (consulta: string) => (await ctx.db.execute<Record<string, unknown>>(sql.raw(consulta))).rows;

/** A lunch at a table: two burgers with bacon, a weighed buffet plate, a cancelled juice, 10% service. */
const pedido = (pedidoId: string, extra: Record<string, unknown> = {}) => ({
  pedidoId,
  canal: 'Salão',
  mesa: '12',
  abertoEm: '2026-11-20T12:01:00-03:00',
  fechadoEm: '2026-11-20T12:48:00-03:00',
  itens: [
    { produto: ids.xis, quantidade: '2', precoUnitario: 3290, modificadores: [{ descricao: 'Bacon extra', quantidade: '1', precoUnitario: 500 }] },
    { produto: ids.buffet, quantidade: '0,485', precoUnitario: 6990 },
    { produto: ids.suco, quantidade: '1', precoUnitario: 900, cancelado: { usuario: ids.admin, motivo: 'Cliente desistiu', em: '2026-11-20T12:10:00-03:00' } },
  ],
  taxaServico: 1097,
  pagamentos: [
    { formaPagamento: ids.dinheiro, tPag: '01', valor: 5000, troco: 0 },
    { formaPagamento: ids.credito, tPag: '03', valor: 7067 },
  ],
  total: 12067,
  documentoFiscal: documentoDeTeste(123, 1, 'autorizada'),
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const cenario = await prepararVendas(ctx, admin);
  Object.assign(ids, cenario.ids, { admin: ctx.seed.demo.admin });
  token = cenario.token;
  enviar = cenario.enviar;
  const terminalVizinho = await criar(vizinho, 'terminal', { descricao: 'PDV vizinho', tipo: 'PDV' });
  tokenVizinho = (await vizinho('POST', `/terminal/${terminalVizinho._id}/credencial`)).body.data.token;
});
afterAll(async () => ctx?.close());

describe('POST /api/vendas: sales from the terminals', () => {
  it('needs the terminal credential, not a user session', async () => {
    const semCredencial = await ctx.app.inject({ method: 'POST', url: '/api/vendas', payload: pedido('X-1') });
    expect(semCredencial.statusCode).toBe(401);
    expect(semCredencial.json().data.message).toMatch(/^Credencial do terminal ausente ou inválida/);
    expect((await enviar(pedido('X-1'), 'rtq_inventado')).status).toBe(401);
  });

  it('stores a closed order with items, payments and the fiscal document, computing the totals', async () => {
    const res = await enviar(pedido('PDV1-0001'));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ pedidoId: 'PDV1-0001', total: 12067, duplicado: false });
    const venda = await linhas(`select bruto::int, total::int, taxa_servico::int, itens_cancelados, valor_cancelado::int, canal, documento_status from venda where id = '${res.body.data._id}'`);
    // 2 × (32,90 + 5,00) + 0,485 kg × 69,90 (33,90) = 109,70; the juice is out; + 10,97 service.
    expect(venda[0]).toMatchObject({ bruto: 10970, total: 12067, taxa_servico: 1097, itens_cancelados: 1, valor_cancelado: 900, canal: 'Salão', documento_status: 'autorizada' });
    expect(await linhas(`select seq, quantidade, bruto::int, cancelado from venda_item where venda_id = '${res.body.data._id}' order by seq`)).toEqual([
      { seq: 0, quantidade: '2.000', bruto: 7580, cancelado: false },
      { seq: 1, quantidade: '0.485', bruto: 3390, cancelado: false },
      { seq: 2, quantidade: '1.000', bruto: 900, cancelado: true },
    ]);
    expect(await contar('venda_pagamento')).toBe(2);
  });

  it('is idempotent: the same order sent again is stored once and the answer says so', async () => {
    const antes = await contar('venda');
    const segunda = await enviar(pedido('PDV1-0001'));
    expect(segunda.status).toBe(200);
    expect(segunda.body.data).toMatchObject({ pedidoId: 'PDV1-0001', duplicado: true, total: 12067 });
    expect(await contar('venda')).toBe(antes);
    expect(await contar('venda_item')).toBe(3);
  });

  it('refuses a bad order naming the field, and stores nothing of it', async () => {
    const antes = [await contar('venda'), await contar('venda_item'), await contar('venda_pagamento')];
    const quantidade = await enviar(pedido('PDV1-0002', { itens: [{ produto: ids.xis, quantidade: '1,2345', precoUnitario: 3290 }], total: 3290 }));
    expect(quantidade.status).toBe(400);
    expect(quantidade.body.data.message).toBe('Item 1, quantidade: A quantidade: use no máximo 3 casas decimais.');
    expect(quantidade.body.data.campos).toEqual({ 'itens.0.quantidade': 'A quantidade: use no máximo 3 casas decimais.' });

    const total = await enviar(pedido('PDV1-0002', { total: 12000 }));
    expect(total.status).toBe(400);
    expect(total.body.data.campos.total).toBe('O total informado (R$ 120,00) não confere com itens, descontos e taxas (R$ 120,67).');

    const pagamento = await enviar(pedido('PDV1-0002', { pagamentos: [{ formaPagamento: 'nao-existe', tPag: '01', valor: 12067 }] }));
    expect(pagamento.status).toBe(400);
    expect(pagamento.body.data).toEqual({ message: 'Pagamento 1, forma de pagamento: Forma de pagamento não encontrada: nao-existe.', campos: { 'pagamentos.0.formaPagamento': 'Forma de pagamento não encontrada: nao-existe.' } });
    expect([await contar('venda'), await contar('venda_item'), await contar('venda_pagamento')]).toEqual(antes);
  });

  it("refuses an NFC-e whose access key fails its check digit, is of another number or of another store's CNPJ", async () => {
    const antes = await contar('venda');
    const valida = documentoDeTeste(123, 1, 'autorizada');
    const digitoErrado = `${valida.chave.slice(0, 43)}${(Number(valida.chave[43]) + 1) % 10}`;
    const ruim = await enviar(pedido('PDV1-CHAVE', { documentoFiscal: { ...valida, chave: digitoErrado } }));
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toBe(`Documento fiscal, chave de acesso: Chave de acesso inválida: o dígito verificador deveria ser ${valida.chave[43]}.`);
    const outroNumero = await enviar(pedido('PDV1-CHAVE', { documentoFiscal: { ...valida, numero: 124 } }));
    expect(outroNumero.body.data.campos).toEqual({ 'documentoFiscal.chave': 'A chave de acesso é do número 123, não 124.' });
    expect(await contar('venda')).toBe(antes);
    // A key of another CNPJ (here an alphanumeric one, valid since July 2026, typed in lowercase) is not this store's note.
    const outraLoja = montarChaveAcesso({ cUF: 35, anoMes: '2611', emitente: `12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`, modelo: '65', serie: 1, numero: 124, tpEmis: '1', codigo: 77 });
    const alheia = await enviar(pedido('PDV1-CHAVE', { documentoFiscal: { ...valida, numero: 124, chave: outraLoja.toLowerCase() } }));
    expect(alheia.body.data).toEqual({
      message: 'Documento fiscal, chave de acesso: A chave de acesso é do CNPJ 12.ABC.345/01DE-35, não da loja (CNPJ 12.345.678/0001-95).',
      campos: { 'documentoFiscal.chave': 'A chave de acesso é do CNPJ 12.ABC.345/01DE-35, não da loja (CNPJ 12.345.678/0001-95).' },
    });
    expect(await contar('venda')).toBe(antes);
    const certa = documentoDeTeste(124, 1, 'autorizada');
    expect((await enviar(pedido('PDV1-CHAVE', { documentoFiscal: certa }))).status).toBe(201);
    expect(await linhas(`select documento_chave from venda where pedido_id = 'PDV1-CHAVE'`)).toEqual([{ documento_chave: certa.chave }]);
  });

  it("a terminal of another group cannot sell this group's products, and its sales stay in its group", async () => {
    const alheio = await enviar(pedido('VZ-1'), tokenVizinho);
    expect(alheio.status).toBe(400);
    expect(alheio.body.data.campos['itens.0.produto']).toBe(`Produto não encontrado: ${ids.xis}.`);
    // The same pedidoId on another terminal is another sale.
    const unidade = await criar(vizinho, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const produto = await criar(vizinho, 'produtoGeral', { descricao: 'Pastel', unidade: unidade._id, ncm: '19022000' });
    const forma = await criar(vizinho, 'formaPagamento', { descricao: 'PIX', tipo: 'PIX' });
    const deles = await enviar(
      { pedidoId: 'PDV1-0001', canal: 'Balcão', abertoEm: '2026-11-20T10:00:00-03:00', fechadoEm: '2026-11-20T10:05:00-03:00', itens: [{ produto: produto._id, quantidade: '1', precoUnitario: 800 }], pagamentos: [{ formaPagamento: forma._id, tPag: '17', valor: 800 }], total: 800 },
      tokenVizinho,
    );
    expect(deles.status).toBe(201);
    expect(deles.body.data.duplicado).toBe(false);
    // Row-level security: each group's transaction sees only its own sales.
    const vistas = await withTenant(ctx.db, { grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial }, (tx) => tx.select({ id: venda.id }).from(venda));
    expect(vistas.map((v) => v.id)).toEqual([deles.body.data._id]);
  });

  it('cancels a whole sale keeping the original; cancelling again answers the first cancellation', async () => {
    const url = '/api/vendas/PDV1-0001/cancelar';
    const semMotivo = await enviar({ usuario: ids.admin, em: '2026-11-20T13:00:00-03:00' }, token, url);
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.body.data.message).toBe('Motivo: Informe o motivo do cancelamento.');
    const cancelada = await enviar({ usuario: ids.admin, motivo: 'Cobrança em duplicidade', em: '2026-11-20T13:00:00-03:00' }, token, url);
    expect(cancelada.status).toBe(200);
    expect(cancelada.body.data).toMatchObject({ pedidoId: 'PDV1-0001', cancelada: true, jaCancelada: false });
    const denovo = await enviar({ usuario: ids.admin, motivo: 'Outro motivo', em: '2026-11-20T14:00:00-03:00' }, token, url);
    expect(denovo.body.data).toMatchObject({ jaCancelada: true, canceladaEm: '2026-11-20T16:00:00.000Z' });
    expect(await linhas(`select cancelada, motivo_cancelamento, total::int from venda where pedido_id = 'PDV1-0001' and grupo_empresarial_id = '${ctx.seed.demo.grupoEmpresarial}'`)).toEqual([{ cancelada: true, motivo_cancelamento: 'Cobrança em duplicidade', total: 12067 }]);
    expect((await enviar({ usuario: 'x', motivo: 'y', em: '2026-11-20T13:00:00-03:00' }, token, '/api/vendas/NAO-EXISTE/cancelar')).status).toBe(404);
  });

  it("keeps the operator, the items' CFOP/CST (the terminal's, else the product's tax configuration in the company) and the transfers", async () => {
    // Company 1 is in SP and in the Simples Nacional (CRT 1): the NFC-e takes the SP row's CSOSN.
    const config = await criar(admin, 'configuracaoImposto', { descricao: 'Simples lanches', icms: [{ uf: 'RJ', cfop: '6102', csosn: '500' }, { uf: 'SP', cfop: '5102', csosn: '102' }] });
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: ids.xis, preco: 3290, configuracaoImposto: config._id });
    const transferencias = [
      { item: 0, deMesa: '12', paraMesa: '14', usuario: ids.admin, motivo: 'Cliente mudou de mesa', em: '2026-11-20T12:20:00-03:00' },
      { item: 1, deMesa: '12', paraMesa: 'Comanda 7', usuario: ids.admin, em: '2026-11-20T12:30:00-03:00' },
    ];
    const base = pedido('PDV1-FISCAL', { operador: ids.admin, transferencias });
    base.itens[1] = { ...base.itens[1]!, cfop: '5405', cst: '500' } as never;
    const res = await enviar(base);
    expect(res.status).toBe(201);
    const [v] = await linhas(`select operador_id from venda where id = '${res.body.data._id}'`);
    expect(v!.operador_id).toBe(ids.admin);
    expect(await linhas(`select seq, cfop, cst from venda_item where venda_id = '${res.body.data._id}' order by seq`)).toEqual([
      { seq: 0, cfop: '5102', cst: '102' },
      { seq: 1, cfop: '5405', cst: '500' },
      // The juice has no tax configuration in this company: nothing to take.
      { seq: 2, cfop: null, cst: null },
    ]);
    expect(await linhas(`select seq, item_seq, de_mesa, para_mesa, usuario_id, motivo from venda_transferencia where venda_id = '${res.body.data._id}' order by seq`)).toEqual([
      { seq: 0, item_seq: 0, de_mesa: '12', para_mesa: '14', usuario_id: ids.admin, motivo: 'Cliente mudou de mesa' },
      { seq: 1, item_seq: 1, de_mesa: '12', para_mesa: 'Comanda 7', usuario_id: ids.admin, motivo: null },
    ]);
  });

  it('refuses a wrong transfer, operator or fiscal code naming the field, storing nothing', async () => {
    const antes = [await contar('venda'), await contar('venda_transferencia')];
    const transferencia = { item: 0, deMesa: '1', paraMesa: '2', usuario: ids.admin, em: '2026-11-20T12:20:00-03:00' };
    const semItem = await enviar(pedido('PDV1-RUIM', { transferencias: [{ ...transferencia, item: 3 }] }));
    expect(semItem.status).toBe(400);
    expect(semItem.body.data).toEqual({ message: 'Transferência 1, item: A venda tem 3 itens (posições de 0 a 2).', campos: { 'transferencias.0.item': 'A venda tem 3 itens (posições de 0 a 2).' } });
    const semMesa = await enviar(pedido('PDV1-RUIM', { transferencias: [{ ...transferencia, paraMesa: '' }] }));
    expect(semMesa.body.data.message).toBe('Transferência 1, para a mesa: Informe a mesa de destino.');
    const mesma = await enviar(pedido('PDV1-RUIM', { transferencias: [transferencia, { ...transferencia, paraMesa: '1' }] }));
    expect(mesma.body.data.campos).toEqual({ 'transferencias.1.paraMesa': 'A mesa de destino é a mesma de origem.' });
    // Users are checked within the group, as the waiter is.
    const vizinhoAdmin = ctx.seed.vizinho.admin;
    const alheio = await enviar(pedido('PDV1-RUIM', { transferencias: [{ ...transferencia, usuario: vizinhoAdmin }] }));
    expect(alheio.body.data.message).toBe(`Transferência 1, quem transferiu: Usuário não encontrado: ${vizinhoAdmin}.`);
    const operador = await enviar(pedido('PDV1-RUIM', { operador: vizinhoAdmin }));
    expect(operador.status).toBe(400);
    expect(operador.body.data.message).toBe(`Operador: Usuário não encontrado: ${vizinhoAdmin}.`);
    const pedidoCfop = pedido('PDV1-RUIM');
    pedidoCfop.itens[0] = { ...pedidoCfop.itens[0]!, cfop: '510' } as never;
    expect((await enviar(pedidoCfop)).body.data.message).toBe('Item 1, CFOP: O CFOP tem 4 dígitos (5102, 5405…).');
    expect([await contar('venda'), await contar('venda_transferencia')]).toEqual(antes);
  });

  it('only a user who may edit terminals makes a credential, and only for a terminal of the company', async () => {
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', `/terminal/${ids.terminal}/credencial`)).status).toBe(403);
    expect((await vizinho('POST', `/terminal/${ids.terminal}/credencial`)).status).toBe(404);
    // A new credential revokes the old one.
    const nova = (await admin('POST', `/terminal/${ids.terminal}/credencial`)).body.data.token;
    expect((await enviar(pedido('PDV1-0003'), token)).status).toBe(401);
    expect((await enviar(pedido('PDV1-0003'), nova)).status).toBe(201);
  });
  it('orders arriving together from several terminals are written together, yet each is answered on its own', async () => {
    const outro = await criar(admin, 'terminal', { descricao: 'PDV 2', tipo: 'PDV' });
    const token2: string = (await admin('POST', `/terminal/${outro._id}/credencial`)).body.data.token;
    const atual = (await admin('POST', `/terminal/${ids.terminal}/credencial`)).body.data.token;
    const antes = [await contar('venda'), await contar('venda_item')];
    const [um, umNoOutro, ruim, tres, tresDeNovo] = await Promise.all([
      enviar(pedido('JUNTOS-1'), atual),
      // The same pedidoId from another terminal is another sale.
      enviar(pedido('JUNTOS-1'), token2),
      enviar(pedido('JUNTOS-2', { pagamentos: [{ formaPagamento: 'nao-existe', tPag: '01', valor: 12067 }] }), atual),
      enviar(pedido('JUNTOS-3'), token2),
      // The terminal sent it again before the first answer came: stored once.
      enviar(pedido('JUNTOS-3'), token2),
    ]);
    expect([um!.status, umNoOutro!.status]).toEqual([201, 201]);
    expect(um!.body.data._id).not.toBe(umNoOutro!.body.data._id);
    // A bad order refuses only itself, with its own fields.
    expect(ruim!.status).toBe(400);
    expect(ruim!.body.data).toEqual({ message: 'Pagamento 1, forma de pagamento: Forma de pagamento não encontrada: nao-existe.', campos: { 'pagamentos.0.formaPagamento': 'Forma de pagamento não encontrada: nao-existe.' } });
    expect([tres!.status, tresDeNovo!.status].sort()).toEqual([200, 201]);
    expect(tres!.body.data._id).toBe(tresDeNovo!.body.data._id);
    expect([tres!.body.data.duplicado, tresDeNovo!.body.data.duplicado].sort()).toEqual([false, true]);
    expect([await contar('venda'), await contar('venda_item')]).toEqual([antes[0]! + 3, antes[1]! + 9]);
  });
});
