import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerZip } from '../src/fiscal/entradaNotaFiscal/zip.ts';
import { preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { MOTIVO_DEMO } from '../src/seed/emissaoDemo.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient } from './resourceApi.ts';

// The living demonstration's documents as `npm start` fills them (main.ts → preencherDemo, with a storage for the
// notes' XMLs): one fill, each area checked in its own test, then a second fill (a restart) that must add nothing.
// One file for them all: each area's own file filled the same demonstration twice, ~25 s apiece on each database.
// The tests run in order: the areas read the first fill, the restart fills again, and only the last test writes.

let ctx: TestContext;
let pasta: string;
let opcoes: Parameters<typeof preencherDemo>[1];
let cookie: string;
/** The first store (the central kitchen), as its administrator. */
let api: ReturnType<typeof apiClient>;
/** The second store, as the same administrator. */
let loja: ReturnType<typeof apiClient>;

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-demo-preenchida-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  // Three days of sales before today: the order suggestion reads the consumption of the days behind.
  opcoes = { dias: 3, armazenamento: armazenamentoEmPasta(ctx.config.storageDir) };
  await preencherDemo(ctx.db, opcoes);
  cookie = await signIn(ctx.app, 'admin@demo.com.br');
  api = apiClient(ctx.app, cookie);
  loja = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  expect((await loja('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1] })).status).toBe(200);
}, 600_000);
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

type LinhaSugestao = { descricao: string; fornecedorNome: string | null; sugerido: string; necessidade: string; consumoDia: string; prazoEntrega: number | null; maximo: string | null };
type Entrada = { _id: string; emitenteNome: string; situacao: string; itensSemProduto: number; valorTotal: number };
type Documento = { _id: string; emitenteNome: string; situacao: string; valor: number };
type Exportacao = { _id: string; situacao: string; notas: number; empresas: string[] };
type PedidoCompra = { _id: string; numero: number; status: string; fornecedorNome: string; valor: number };
type Transferencia = { _id: string; status: string; valorDivergencia: number | null; valor: number };
type Emissao = { _id: string; situacao: string; numero: number | null; ultimoErro: string | null; valorTotal: number; itens: { cfop: string }[]; destinatario: { nome: string } };

/** Every area's list the demonstration fills; the restart's test compares them all. */
const listas = {
  entradas: async () => (await api('POST', '/entradaNotaFiscal/lista', {})).body.data as Entrada[],
  documentosDfe: async () => (await api('POST', '/baixarNotas/lista', {})).body.data as Documento[],
  exportacoes: async () => (await api('POST', '/exportarDados/lista', {})).body.data as Exportacao[],
  pedidosCompra: async () => (await api('POST', '/estoquePedidoCompra/lista', {})).body.data as PedidoCompra[],
  transferenciasRecebidas: async () => (await loja('POST', '/estoqueTransferenciaLojas/lista', { direcao: 'recebidas' })).body.data as Transferencia[],
  solicitacoes: async () => (await loja('POST', '/solicitacaoPedidoTransferencia/lista', {})).body.data as { _id: string }[],
  notasEmitidas: async () => (await api('POST', '/emissaoNotaFiscal/lista', {})).body.data as Emissao[],
};
const sugestao = async () => (await api('POST', '/estoqueSugestaoPedido', {})).body.data.linhas as LinhaSugestao[];
async function retrato(): Promise<Record<string, string[]>> {
  const ids: Record<string, string[]> = {};
  for (const [nome, ler] of Object.entries(listas)) ids[nome] = (await ler()).map((linha) => linha._id).sort();
  return ids;
}

describe('the living demonstration, as npm start fills it', () => {
  it('supplier notes to enter: the grain distributor’s posted (stock, payables), the dairy’s waiting for one item', async () => {
    const entradas = await listas.entradas();
    expect(entradas.map((e) => [e.emitenteNome, e.situacao, e.itensSemProduto, e.valorTotal])).toEqual([
      ['Laticínios Serra Azul S.A.', 'pendente', 1, 15 * 4190 + 24 * 1290],
      ['Distribuidora Grãos do Vale Ltda', 'lancada', 0, 12 * 2845 + 30 * 829 + 2 * 14990],
    ]);
    const graos = (await api('GET', `/entradaNotaFiscal/${entradas[1]!._id}`)).body.data;
    // 12 packs of 5 KG of rice: 60 KG at R$ 5,69 a KG.
    expect(graos.itens[0]).toMatchObject({ produtoDescricao: 'Arroz agulhinha', fator: '5.000000' });
    const titulo = (await api('GET', `/financeiroAgenda/${graos.titulos[0]}`)).body.data;
    expect(titulo.parcelas.map((p: { valor: number }) => p.valor).reduce((a: number, b: number) => a + b, 0)).toBe(graos.valorTotal);
  });

  it('DF-e without calling SEFAZ: the first store lists a summary, a manifested note, a full XML and an entered one, with their XMLs', async () => {
    const docs = await listas.documentosDfe();
    expect(docs.map((d) => [d.emitenteNome, d.situacao]).sort()).toEqual(
      [
        ['Hortifruti Bom Preço Ltda', 'resumo'],
        ['Bebidas Paulista Distribuidora Ltda', 'manifestado'],
        ['Laticínios Serra Azul S.A.', 'completo'],
        ['Distribuidora Grãos do Vale Ltda', 'lancado'],
      ].sort(),
    );
    for (const d of docs) expect((await ctx.app.inject({ method: 'GET', url: `/api/baixarNotas/${d._id}/xml`, ...withCookie(cookie) })).statusCode).toBe(200);
    const controle = (await api('GET', '/baixarNotas/controle')).body.data;
    expect(controle).toMatchObject({ cStat: '137', proximaConsulta: null });
    const relatorio = (await api('POST', '/relatorioDFE', { inicio: '2000-01-01', fim: '2100-01-01' })).body.data;
    expect(relatorio.totais.map((t: { quantidade: number }) => t.quantidade)).toEqual([1, 1, 1, 1]);
    expect(relatorio.total.valor).toBe(docs.reduce((s, d) => s + d.valor, 0));
  });

  it("the accountant's export: one ready, of the last 30 days with the demo's supplier notes, downloadable", async () => {
    const lista = await listas.exportacoes();
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({ situacao: 'concluida' });
    expect(lista[0]!.empresas.length).toBe(2);
    expect(lista[0]!.notas).toBeGreaterThanOrEqual(2);
    const zip = await ctx.app.inject({ method: 'GET', url: `/api/exportarDados/${lista[0]!._id}/zip`, ...withCookie(cookie) });
    expect(zip.statusCode).toBe(200);
    const nomes = lerZip(zip.rawPayload, { maxArquivos: 100, maxBytes: 10_000_000 }).map((a) => a.nome);
    expect(nomes.filter((n) => n.includes('/recebidas/')).length).toBeGreaterThanOrEqual(2);
    expect(nomes.at(-1)).toBe('resumo.csv');
  });

  it('purchase orders: one received in part, one approved and sent, one waiting for approval and one draft', async () => {
    const lista = await listas.pedidosCompra();
    expect(lista.map((p) => [p.numero, p.status, p.fornecedorNome, p.valor]).sort()).toEqual([
      [1, 'recebidoParcialmente', 'Distribuidora Grãos do Vale Ltda', 10 * 2845 + 25 * 829 + 2 * 14990],
      [2, 'enviado', 'Laticínios Serra Azul S.A.', 25 * 4190],
      [3, 'aguardandoAprovacao', 'Distribuidora Grãos do Vale Ltda', 20 * 2890 + 4 * 14990],
      [4, 'rascunho', 'Distribuidora Grãos do Vale Ltda', 8 * 2890],
    ]);
    // The cheese order went above the store's R$ 1.000,00 limit: approved, by whom and when.
    const aprovado = (await api('GET', `/estoquePedidoCompra/${lista.find((p) => p.numero === 2)!._id}`)).body.data;
    expect(aprovado.limiteAprovacao).toBe(100000);
    expect(aprovado.aprovadoPor).toBeTruthy();
    expect(Number.isNaN(Date.parse(aprovado.aprovadoEm))).toBe(false);
    const parcial = (await api('GET', `/estoquePedidoCompra/${lista.find((p) => p.numero === 1)!._id}`)).body.data;
    expect(parcial.recebimentos[0].itens[0].divergencias).toEqual({ precoUnitario: '2846.0000' });
  });

  it('the purchases report has the grain note and the order received in part; the dairy note is linked to the cheese order', async () => {
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const r = (await api('POST', '/relatorioEstoqueCompras', { de: hoje, ate: hoje })).body.data;
    // The note: 12 × 28,45 + 30 × 8,29 + 2 × 149,90; the receipt: 5 × 28,46 + 25 × 8,29.
    expect(r.totais).toMatchObject({ valor: 12 * 2845 + 30 * 829 + 2 * 14990 + 5 * 2846 + 25 * 829, notas: 1, pedidos: 1, fornecedores: 1 });
    const arroz = r.porProduto.find((p: { descricao: string }) => p.descricao === 'Arroz agulhinha');
    // 60 KG at 5,69 then 25 KG at 5,692 (a bag of 5 KG).
    expect(arroz).toMatchObject({ quantidade: '85.0000', primeiroPreco: '569.0000', ultimoPreco: '569.2000', variacao: 0 });
    expect(r.evolucao.pontos.length).toBeGreaterThan(1);

    const [laticinios] = (await api('POST', '/entradaNotaFiscal/lista', { busca: '77120' })).body.data as { _id: string }[];
    const entrada = (await api('GET', `/entradaNotaFiscal/${laticinios!._id}`)).body.data;
    expect(entrada.itens[0].pedido).toMatchObject({ numero: 2, linha: 0, quantidadePedida: '25.0000', quantidadeNota: '15.0000', divergencias: {} });
    expect(entrada.itens[1].pedido).toBeNull();
  });

  it('transfers between stores: one received with a divergence, one in transit from a request approved in part, a request waiting', async () => {
    const lista = await listas.transferenciasRecebidas();
    expect(lista.map((t) => t.status).sort()).toEqual(['enviada', 'recebida']);
    const recebida = lista.find((t) => t.status === 'recebida')!;
    expect(recebida.valorDivergencia).toBeLessThan(0);
    const detalhe = (await loja('GET', `/estoqueTransferenciaLojas/${recebida._id}`)).body.data;
    // Priced by the kitchen's table: its average + 10 %.
    expect(detalhe.itens.map((i: { origemCusto: string; divergencia: string }) => [i.origemCusto, i.divergencia])).toEqual([['tabela', '0.0000'], ['tabela', '-0.5000']]);
    const pedidos = (await loja('POST', '/solicitacaoPedidoTransferencia/lista', {})).body.data as { status: string; origem: string }[];
    expect(pedidos.map((p) => [p.status, p.origem]).sort()).toEqual([['enviado', 'manual'], ['solicitado', 'reposicao']]);
    expect(((await api('POST', '/estoquePedidoTransferencia/lista', { status: 'solicitado' })).body.data as unknown[]).length).toBe(1);
    // The request in transit went short of one line, saying why.
    const enviado = (await loja('POST', '/solicitacaoPedidoTransferencia/lista', { status: 'enviado' })).body.data[0] as { _id: string };
    const linhas = (await loja('GET', `/solicitacaoPedidoTransferencia/${enviado._id}`)).body.data.itens as { quantidadeAprovada: string; quantidadeEnviada: string; justificativaEnvio: string | null }[];
    expect(linhas.filter((l) => l.quantidadeEnviada !== l.quantidadeAprovada).map((l) => Boolean(l.justificativaEnvio))).toEqual([true]);
    // The store's replenishment list has what the kitchen supplies below its par level.
    const reposicao = (await loja('POST', '/estoqueGerarListaReposicao', {})).body.data as { linhas: { quantidade: string }[]; fornecedoraSugerida: string | null };
    expect(reposicao.linhas.length).toBeGreaterThanOrEqual(2);
    expect(reposicao.linhas.some((l) => Number(l.quantidade) > 0)).toBe(true);
    expect(reposicao.fornecedoraSugerida).toBe(ctx.seed.demo.empresas[0]);
  });

  it('NF-e issuing without faking SEFAZ: the kitchen has a transfer draft and a numbered note waiting for SEFAZ saying why; none authorised', async () => {
    const lista = await listas.notasEmitidas();
    expect(lista.map((n) => n.situacao).sort()).toEqual(['contingencia', 'rascunho']);
    const espera = lista.find((n) => n.situacao === 'contingencia')!;
    expect(espera).toMatchObject({ numero: 1287, ultimoErro: MOTIVO_DEMO });
    expect(lista.every((n) => n.valorTotal > 0 && n.itens.every((i) => i.cfop === '5152') && n.destinatario.nome === 'Restaurante Demonstração Shopping')).toBe(true);
  });

  it('an order suggestion: the first store suggests ingredients from several suppliers, by the consumption of its sales, and lists the breads without a supplier', async () => {
    const linhas = await sugestao();
    const aComprar = linhas.filter((l) => Number(l.sugerido) > 0);
    expect(new Set(aComprar.map((l) => l.fornecedorNome)).size).toBeGreaterThanOrEqual(3);
    expect(aComprar.length).toBeGreaterThanOrEqual(8);
    expect(linhas.find((l) => l.descricao === 'Queijo muçarela')).toMatchObject({ fornecedorNome: 'Laticínios Serra Azul S.A.', prazoEntrega: 2 });
    expect(Number(linhas.find((l) => l.descricao === 'Arroz agulhinha')!.consumoDia)).toBeGreaterThan(0);
    expect(linhas.filter((l) => l.fornecedorNome === null).map((l) => l.descricao)).toContain('Pão de hambúrguer');
  });

  it('a restart (the fill again) adds nothing to any of those lists', async () => {
    const antes = await retrato();
    const linhasAntes = (await sugestao()).length;
    expect(Object.values(antes).every((ids) => ids.length > 0)).toBe(true);
    await preencherDemo(ctx.db, opcoes);
    expect(await retrato()).toEqual(antes);
    expect((await sugestao()).length).toBe(linhasAntes);
  }, 600_000);

  it('a sent transfer gives a draft through the API (its lines at cost, CFOP 5152); a bad or foreign source is refused', async () => {
    const enviadas = (await api('POST', '/estoqueTransferenciaLojas/lista', {})).body.data as { _id: string; status: string }[];
    const enviada = enviadas.find((t) => t.status === 'enviada' || t.status === 'recebida');
    expect(enviada, JSON.stringify(enviadas.map((t) => t.status))).toBeTruthy();
    const r = await api('POST', '/emissaoNotaFiscal/daTransferencia', { transferencia: enviada!._id });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ situacao: 'rascunho', tipo: 'transferencia', numero: null });
    expect(r.body.data.itens.every((i: { cfop: string }) => i.cfop === '5152')).toBe(true);
    const semCampo = await api('POST', '/emissaoNotaFiscal/daTransferencia', {});
    expect(semCampo.status).toBe(400);
    expect(semCampo.body.data.message).toContain('Transferência');
    expect((await api('POST', '/emissaoNotaFiscal/daEntrada', { entrada: 'nao-existe' })).status).toBe(404);
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await vizinho('POST', '/emissaoNotaFiscal/daTransferencia', { transferencia: enviada!._id })).status).toBe(404);
  });
});
