import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('the demonstration shows transfers between stores', () => {
  it('a transfer received with a divergence, one in transit from a request approved in part, a request waiting; a restart adds nothing', async () => {
    await preencherDemo(ctx.db, { dias: 1 });
    const cozinha = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const loja = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    expect((await loja('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1] })).status).toBe(200);
    const transferencias = async () => (await loja('POST', '/estoqueTransferenciaLojas/lista', { direcao: 'recebidas' })).body.data as { _id: string; status: string; valorDivergencia: number | null; valor: number }[];
    const lista = await transferencias();
    expect(lista.map((t) => t.status).sort()).toEqual(['enviada', 'recebida']);
    const recebida = lista.find((t) => t.status === 'recebida')!;
    expect(recebida.valorDivergencia).toBeLessThan(0);
    const detalhe = (await loja('GET', `/estoqueTransferenciaLojas/${recebida._id}`)).body.data;
    // Priced by the kitchen's table: its average + 10 %.
    expect(detalhe.itens.map((i: { origemCusto: string; divergencia: string }) => [i.origemCusto, i.divergencia])).toEqual([['tabela', '0.0000'], ['tabela', '-0.5000']]);
    const pedidos = (await loja('POST', '/solicitacaoPedidoTransferencia/lista', {})).body.data as { status: string; origem: string }[];
    expect(pedidos.map((p) => [p.status, p.origem]).sort()).toEqual([['enviado', 'manual'], ['solicitado', 'reposicao']]);
    expect(((await cozinha('POST', '/estoquePedidoTransferencia/lista', { status: 'solicitado' })).body.data as unknown[]).length).toBe(1);
    // The request in transit went short of one line, saying why.
    const enviado = (await loja('POST', '/solicitacaoPedidoTransferencia/lista', { status: 'enviado' })).body.data[0] as { _id: string };
    const linhas = (await loja('GET', `/solicitacaoPedidoTransferencia/${enviado._id}`)).body.data.itens as { quantidadeAprovada: string; quantidadeEnviada: string; justificativaEnvio: string | null }[];
    expect(linhas.filter((l) => l.quantidadeEnviada !== l.quantidadeAprovada).map((l) => Boolean(l.justificativaEnvio))).toEqual([true]);
    // The store's replenishment list has what the kitchen supplies below its par level.
    const reposicao = (await loja('POST', '/estoqueGerarListaReposicao', {})).body.data as { linhas: { quantidade: string }[]; fornecedoraSugerida: string | null };
    expect(reposicao.linhas.length).toBeGreaterThanOrEqual(2);
    expect(reposicao.linhas.some((l) => Number(l.quantidade) > 0)).toBe(true);
    expect(reposicao.fornecedoraSugerida).toBe(ctx.seed.demo.empresas[0]);
    await preencherDemo(ctx.db, { dias: 1 });
    expect(await transferencias()).toHaveLength(2);
  });
});
