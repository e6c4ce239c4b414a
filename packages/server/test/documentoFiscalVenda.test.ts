import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { documentoDeTeste, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/** A sale's fiscal document after it was received: contingency transmitted, rejected, cancelled with the event. */
let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
const periodo = { de: '2026-11-20', ate: '2026-11-20' };
const PROTOCOLO = '135260000012345';
const CANCELAMENTO = '135260000098765';

const nfce = documentoDeTeste;
function pedido(id: string, hora: string, precoUnitario: number, documentoFiscal: unknown = null) {
  return {
    pedidoId: id,
    canal: 'Balcão',
    abertoEm: `2026-11-20T${hora}:00-03:00`,
    fechadoEm: `2026-11-20T${hora}:30-03:00`,
    itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario }],
    pagamentos: [{ formaPagamento: c.ids.dinheiro, tPag: '01', valor: precoUnitario }],
    total: precoUnitario,
    documentoFiscal,
  };
}
const informar = (pedidoId: string, body: unknown, token = c.token) => c.enviar(body, token, `/api/vendas/${pedidoId}/documentoFiscal`);
const cancelar = (pedidoId: string, extra: Record<string, unknown> = {}, token = c.token) =>
  c.enviar({ usuario: ctx.seed.demo.admin, motivo: 'Cliente desistiu', em: '2026-11-20T15:00:00-03:00', ...extra }, token, `/api/vendas/${pedidoId}/cancelar`);
const resumo = async () => (await admin('POST', '/relatorioVendasResumoFiscal', periodo)).body.data;
const historico = async (pedidoId: string) =>
  (
    await ctx.db.execute<Record<string, unknown>>(
      sql.raw(`select s.anterior, s.status, s.protocolo, s.codigo, s.origem from venda_documento_situacao s join venda v on v.grupo_empresarial_id = s.grupo_empresarial_id and v.id = s.venda_id where v.pedido_id = '${pedidoId}' order by s.registrado_em, s.id`),
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  const vendas = [
    pedido('CONT-1', '12:00', 900, nfce(7, 2, 'contingencia')),
    pedido('AUT-1', '12:30', 3290, nfce(1, 1, 'autorizada')),
    pedido('AUT-2', '13:00', 2500, nfce(2, 1, 'autorizada')),
    pedido('PEND-1', '13:30', 1200, nfce(3, 1, 'pendente')),
    pedido('SEM-1', '14:00', 1500),
  ];
  for (const v of vendas) expect((await c.enviar(v)).status).toBe(201);
});
afterAll(async () => ctx?.close());

describe('POST /api/vendas/:pedidoId/documentoFiscal', () => {
  it('a transmitted contingency NFC-e leaves "to transmit", counts as authorized and says when; the same report twice changes nothing', async () => {
    const antes = await resumo();
    expect(antes.contingencia.map((d: { pedidoId: string }) => d.pedidoId)).toEqual(['CONT-1']);
    expect(antes.transmitidas).toEqual([]);

    const autorizada = { status: 'autorizada', protocolo: PROTOCOLO, codigo: '100', em: '2026-11-20T12:45:10-03:00' };
    const res = await informar('CONT-1', autorizada);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pedidoId: 'CONT-1', repetido: false, documentoFiscal: { modelo: '65', serie: 2, numero: 7, status: 'autorizada', anterior: 'contingencia', protocolo: PROTOCOLO } });
    const denovo = await informar('CONT-1', autorizada);
    expect(denovo.status).toBe(200);
    expect(denovo.body.data).toMatchObject({ repetido: true, documentoFiscal: { status: 'autorizada', anterior: 'contingencia' } });
    expect(await historico('CONT-1')).toEqual([{ anterior: 'contingencia', status: 'autorizada', protocolo: PROTOCOLO, codigo: '100', origem: 'documentoFiscal' }]);

    const depois = await resumo();
    expect(depois.contingencia).toEqual([]);
    expect(depois.documentos).toContainEqual({ modelo: '65', status: 'autorizada', serie: 2, quantidade: 1, total: 900, canceladas: 0, valorCancelado: 0 });
    expect(depois.documentos.some((d: { status: string }) => d.status === 'contingencia')).toBe(false);
    expect(depois.transmitidas).toEqual([
      expect.objectContaining({ pedidoId: 'CONT-1', serie: 2, numero: 7, fechadoEm: '2026-11-20T15:00:30.000Z', transmitidaEm: '2026-11-20T15:45:10.000Z', protocolo: PROTOCOLO, status: 'autorizada', total: 900 }),
    ]);
    expect(depois.totais).toMatchObject({ quantidade: 5, total: 9390 });

    // SEFAZ does not take an authorization back, nor give a second one.
    const outra = await informar('CONT-1', { ...autorizada, protocolo: '135260000000999' });
    expect(outra.status).toBe(409);
    expect(outra.body.data.message).toBe(`O documento fiscal já foi autorizado com o protocolo ${PROTOCOLO}.`);
    expect((await informar('CONT-1', { status: 'rejeitada', codigo: '539', motivo: 'Duplicidade', em: '2026-11-20T12:50:00-03:00' })).status).toBe(409);
  });

  it('records a rejection with its cStat and reason', async () => {
    const res = await informar('PEND-1', { status: 'rejeitada', codigo: '539', motivo: 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso', em: '2026-11-20T13:31:00-03:00' });
    expect(res.status).toBe(200);
    expect(res.body.data.documentoFiscal).toMatchObject({ status: 'rejeitada', anterior: 'pendente' });
    expect(await historico('PEND-1')).toEqual([{ anterior: 'pendente', status: 'rejeitada', protocolo: null, codigo: '539', origem: 'documentoFiscal' }]);
    expect((await resumo()).documentos).toContainEqual({ modelo: '65', status: 'rejeitada', serie: 1, quantidade: 1, total: 1200, canceladas: 0, valorCancelado: 0 });
  });

  it('refuses a bad report naming the field (400), an unknown order (404) and a sale without document (409), changing nothing', async () => {
    const casos: [unknown, string][] = [
      [{ status: 'autorizada', em: '2026-11-20T13:00:00-03:00' }, 'Protocolo: Informe o protocolo de autorização (nProt, 15 dígitos).'],
      [{ status: 'autorizada', protocolo: '12345', em: '2026-11-20T13:00:00-03:00' }, 'Protocolo: O protocolo (nProt) tem 15 dígitos.'],
      [{ status: 'transmitida', em: '2026-11-20T13:00:00-03:00' }, 'Status: Informe o status: autorizada, contingencia, cancelada, rejeitada, pendente.'],
      [{ status: 'autorizada', protocolo: PROTOCOLO, em: '20/11/2026' }, 'Data da resposta da SEFAZ: Informe quando a SEFAZ respondeu em ISO 8601 com fuso (2026-11-23T12:30:00-03:00).'],
      [{ status: 'rejeitada', codigo: '539', em: '2026-11-20T13:00:00-03:00' }, 'Motivo da SEFAZ (xMotivo): Informe o motivo da rejeição (xMotivo).'],
      [{ status: 'autorizada', protocolo: PROTOCOLO, codigo: '539', em: '2026-11-20T13:00:00-03:00' }, 'Código da SEFAZ (cStat): Autorizada é cStat 100 ou 150 (fora do prazo).'],
    ];
    for (const [body, mensagem] of casos) {
      const res = await informar('AUT-2', body);
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe(mensagem);
    }
    expect(await historico('AUT-2')).toEqual([]);
    const desconhecido = await informar('NAO-EXISTE', { status: 'autorizada', protocolo: PROTOCOLO, em: '2026-11-20T13:00:00-03:00' });
    expect(desconhecido.status).toBe(404);
    const semDocumento = await informar('SEM-1', { status: 'autorizada', protocolo: PROTOCOLO, em: '2026-11-20T13:00:00-03:00' });
    expect(semDocumento.status).toBe(409);
    expect(semDocumento.body.data.message).toBe('Esta venda não tem documento fiscal.');
    // The document is cancelled by cancelling the sale (its totals leave the reports with it).
    const semCancelarVenda = await informar('AUT-2', { status: 'cancelada', protocolo: CANCELAMENTO, em: '2026-11-20T13:00:00-03:00' });
    expect(semCancelarVenda.status).toBe(409);
    expect(semCancelarVenda.body.data.message).toBe('Cancele a venda (POST /api/vendas/AUT-2/cancelar, com o protocoloCancelamento) para cancelar o documento fiscal.');
  });

  it("another group's terminal, or another terminal, does not see the order (404); no credential is 401", async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const terminalVizinho = await criar(vizinho, 'terminal', { descricao: 'PDV vizinho', tipo: 'PDV' });
    const tokenVizinho: string = (await vizinho('POST', `/terminal/${terminalVizinho._id}/credencial`)).body.data.token;
    const terminal2 = await criar(admin, 'terminal', { descricao: 'PDV 2', tipo: 'PDV' });
    const token2: string = (await admin('POST', `/terminal/${terminal2._id}/credencial`)).body.data.token;
    const body = { status: 'autorizada', protocolo: PROTOCOLO, em: '2026-11-20T13:00:00-03:00' };
    for (const token of [tokenVizinho, token2]) {
      expect((await informar('AUT-2', body, token)).status).toBe(404);
      expect((await cancelar('AUT-2', { protocoloCancelamento: CANCELAMENTO }, token)).status).toBe(404);
    }
    expect((await informar('AUT-2', body, 'rtq_invalida')).status).toBe(401);
    expect(await historico('AUT-2')).toEqual([]);
  });
});

describe('cancelling a whole sale with its fiscal document', () => {
  it('an authorized NFC-e becomes cancelled with the event protocol; the report counts it cancelled and still reconciles', async () => {
    const invalido = await cancelar('AUT-1', { protocoloCancelamento: '999' });
    expect(invalido.status).toBe(400);
    expect(invalido.body.data.message).toBe('Protocolo do cancelamento: O protocolo do evento de cancelamento (nProt) tem 15 dígitos.');

    const res = await cancelar('AUT-1', { protocoloCancelamento: CANCELAMENTO });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pedidoId: 'AUT-1', cancelada: true, jaCancelada: false, documentoFiscal: { status: 'cancelada', protocolo: CANCELAMENTO } });
    expect(await historico('AUT-1')).toEqual([{ anterior: 'autorizada', status: 'cancelada', protocolo: CANCELAMENTO, codigo: null, origem: 'cancelamento' }]);
    // Again: the first cancellation answers, nothing recorded twice.
    expect((await cancelar('AUT-1', { protocoloCancelamento: CANCELAMENTO })).body.data).toMatchObject({ jaCancelada: true, documentoFiscal: { status: 'cancelada' } });
    expect(await historico('AUT-1')).toHaveLength(1);

    const r = await resumo();
    expect(r.documentos).toContainEqual({ modelo: '65', status: 'cancelada', serie: 1, quantidade: 1, total: 3290, canceladas: 1, valorCancelado: 3290 });
    expect(r.documentos).toContainEqual({ modelo: '65', status: 'autorizada', serie: 1, quantidade: 1, total: 2500, canceladas: 0, valorCancelado: 0 });
    const venda = (await admin('POST', '/relatorioVenda', periodo)).body.data.totais;
    expect(r.totais.total - r.totais.valorCancelado).toBe(venda.total);
    expect(r.totais.totalItens).toBe(venda.total);
    expect(r.totais).toMatchObject({ quantidade: 5, canceladas: 1, valorCancelado: 3290 });
  });

  it('without the protocol the document stays authorized (and says so) until the terminal reports the event; a sale without document just cancels', async () => {
    const res = await cancelar('AUT-2');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cancelada: true, documentoFiscal: { status: 'autorizada', protocolo: null } });
    expect(res.body.data.aviso).toMatch(/continua autorizado/);
    expect((await resumo()).documentos).toContainEqual({ modelo: '65', status: 'autorizada', serie: 1, quantidade: 1, total: 2500, canceladas: 1, valorCancelado: 2500 });

    const evento = await informar('AUT-2', { status: 'cancelada', protocolo: CANCELAMENTO, em: '2026-11-20T15:02:00-03:00' });
    expect(evento.status).toBe(200);
    expect(evento.body.data.documentoFiscal).toMatchObject({ status: 'cancelada', anterior: 'autorizada' });
    const r = await resumo();
    expect(r.documentos).toContainEqual({ modelo: '65', status: 'cancelada', serie: 1, quantidade: 2, total: 5790, canceladas: 2, valorCancelado: 5790 });
    expect(r.documentos.some((d: { status: string; serie: number }) => d.status === 'autorizada' && d.serie === 1)).toBe(false);
    // A cancelled document is final.
    expect((await informar('AUT-2', { status: 'autorizada', protocolo: PROTOCOLO, em: '2026-11-20T15:03:00-03:00' })).body.data.message).toBe('O documento fiscal já foi cancelado.');

    const semDocumento = await cancelar('SEM-1');
    expect(semDocumento.status).toBe(200);
    expect(semDocumento.body.data).toMatchObject({ cancelada: true, jaCancelada: false, documentoFiscal: null });
    expect(semDocumento.body.data.aviso).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents both terminal calls with their bodies and the terminal credential', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documento = doc.paths['/api/vendas/{pedidoId}/documentoFiscal'].post;
    expect(documento.security).toEqual([{ terminal: [] }]);
    const corpo = documento.requestBody.content['application/json'].schema;
    expect(Object.keys(corpo.properties)).toEqual(expect.arrayContaining(['status', 'em', 'protocolo', 'codigo', 'motivo']));
    expect(corpo.properties.status.enum).toEqual(['autorizada', 'contingencia', 'cancelada', 'rejeitada', 'pendente']);
    const cancelamento = doc.paths['/api/vendas/{pedidoId}/cancelar'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(cancelamento.properties)).toContain('protocoloCancelamento');
    expect(cancelamento.required).not.toContain('protocoloCancelamento');
  });
  it("a cancelled sale's contingency NFC-e is still to transmit: SEFAZ authorizes it, then takes the cancellation event", async () => {
    expect((await c.enviar(pedido('CONT-2', '14:30', 700, nfce(8, 2, 'contingencia')))).status).toBe(201);
    expect((await cancelar('CONT-2')).status).toBe(200);
    expect((await resumo()).contingencia).toContainEqual(expect.objectContaining({ pedidoId: 'CONT-2', numero: 8, vendaCancelada: true }));
    expect((await informar('CONT-2', { status: 'autorizada', protocolo: '135260000054321', em: '2026-11-20T15:10:00-03:00' })).status).toBe(200);
    expect((await informar('CONT-2', { status: 'cancelada', protocolo: '135260000054322', em: '2026-11-20T15:11:00-03:00' })).status).toBe(200);
    const r = await resumo();
    expect(r.contingencia.map((p: { pedidoId: string }) => p.pedidoId)).not.toContain('CONT-2');
    expect(r.transmitidas).toContainEqual(expect.objectContaining({ pedidoId: 'CONT-2', status: 'cancelada' }));
  });
});

describe('GET /api/relatorioVendasResumoFiscal/documento/:venda (history of one document)', () => {
  const idDa = async (pedidoId: string) => (await ctx.db.execute<{ id: string }>(sql.raw(`select id from venda where pedido_id = '${pedidoId}'`))).rows[0]!.id;

  it('lists what the document came with and every change after, oldest first, with protocols and who reported it', async () => {
    const res = await admin('GET', `/relatorioVendasResumoFiscal/documento/${await idDa('CONT-2')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.documento).toMatchObject({ pedidoId: 'CONT-2', modelo: '65', serie: 2, numero: 8, status: 'cancelada', vendaCancelada: true });
    expect(res.body.data.historico.map((h: Record<string, unknown>) => [h.status, h.origem, h.protocolo])).toEqual([
      ['contingencia', 'venda', null],
      ['autorizada', 'documentoFiscal', '135260000054321'],
      ['cancelada', 'documentoFiscal', '135260000054322'],
    ]);
    const rejeitada = (await admin('GET', `/relatorioVendasResumoFiscal/documento/${await idDa('PEND-1')}`)).body.data.historico;
    expect(rejeitada.at(-1)).toMatchObject({ status: 'rejeitada', origem: 'documentoFiscal', codigo: '539', motivo: 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso' });
  });

  it("is not found for a sale without document, a made-up id, or another group's user", async () => {
    for (const id of [await idDa('SEM-1'), 'nao-existe']) {
      const res = await admin('GET', `/relatorioVendasResumoFiscal/documento/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.data.message).toBe(`Documento fiscal não encontrado: ${id}.`);
    }
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await vizinho('GET', `/relatorioVendasResumoFiscal/documento/${await idDa('CONT-2')}`)).status).toBe(404);
  });
});
