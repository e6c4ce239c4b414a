import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { prepararEstoque, type CenarioEstoque } from './estoqueFixture.ts';
import { criar } from './resourceApi.ts';

/**
 * The kardex over a period that starts after the product moved (the opening position folded from what
 * came before), by location, with the document numbers, locations and users of its lines; and the stock
 * position's minimum, read from the company's own product only.
 */
// Filled before the tests (estoqueFixture.ts).
let { ctx, admin, un, principal, cozinha } = {} as CenarioEstoque;
beforeAll(async () => ({ ctx, admin, un, principal, cozinha } = await prepararEstoque()));
afterAll(async () => ctx?.close());

/** Noon in the stores (UTC−3) `dias` days ago (today: a minute ago, never in the future), and that calendar day. */
const agora = Date.now() - 60_000;
const meioDia = (dias: number) => {
  const dia = new Date(agora - 3 * 3_600_000 - dias * 86_400_000).toISOString().slice(0, 10);
  return { quando: dias === 0 ? new Date(agora).toISOString() : `${dia}T12:00:00-03:00`, dia };
};
const kardex = async (filtro: Record<string, unknown>) => {
  const res = await admin('POST', '/relatorioEstoqueFluxo', filtro);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('kardex', () => {
  it('opens a later period at the balance and average the earlier movements left, per company and per location, naming documents, locations and users', async () => {
    const arroz = await criar(admin, 'produtoGeral', { descricao: 'Arroz agulhinha', unidade: un._id });
    const doc = async (dias: number, body: Record<string, unknown>) => {
      const res = await admin('POST', '/estoqueDocumento', { ...body, ocorridoEm: meioDia(dias).quando });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.numero as number;
    };
    const e1 = await doc(5, { tipo: 'entradaManual', local: principal._id, itens: [{ produto: arroz._id, quantidade: '10', custoUnitario: '500' }] });
    const t1 = await doc(4, { tipo: 'transferenciaLocal', local: principal._id, destino: cozinha._id, itens: [{ produto: arroz._id, quantidade: '4' }] });
    const s1 = await doc(4, { tipo: 'saidaManual', local: cozinha._id, motivo: 'Perda', itens: [{ produto: arroz._id, quantidade: '1' }] });
    // 9 kg at R$ 5,00 and 10 kg at R$ 8,00: 12.500 / 19 = 657,894736… centavos.
    const e2 = await doc(3, { tipo: 'entradaManual', local: principal._id, itens: [{ produto: arroz._id, quantidade: '10', custoUnitario: '800' }] });
    const s2 = await doc(1, { tipo: 'saidaManual', local: principal._id, motivo: 'Vencimento', itens: [{ produto: arroz._id, quantidade: '2' }] });
    const s3 = await doc(0, { tipo: 'saidaManual', local: cozinha._id, motivo: 'Quebra', itens: [{ produto: arroz._id, quantidade: '0,5' }] });
    const nome = (await ctx.db.execute<{ nome: string }>(sql`select nome from usuario where id = ${ctx.seed.demo.admin}`)).rows[0]!.nome;

    const ultimos = await kardex({ produto: arroz._id, de: meioDia(2).dia, ate: meioDia(0).dia });
    expect(ultimos.inicial).toEqual({ saldo: '19.0000', custoMedio: '657.8947', valor: 12500 });
    expect(ultimos.linhas.map((l: Record<string, unknown>) => [l.documentoNumero, l.localDescricao, l.quantidade, l.saldo, l.custoMedio, l.valor])).toEqual([
      [s2, 'Estoque principal', '-2.0000', '17.0000', '657.8947', -1316],
      [s3, 'Cozinha', '-0.5000', '16.5000', '657.8947', -329],
    ]);
    expect(ultimos.final).toEqual({ saldo: '16.5000', custoMedio: '657.8947', valor: 10855 });
    expect([ultimos.entradas, ultimos.saidas]).toEqual([{ quantidade: '0.0000', valor: 0 }, { quantidade: '2.5000', valor: 1645 }]);

    const daCozinha = await kardex({ produto: arroz._id, local: cozinha._id, de: meioDia(2).dia, ate: meioDia(0).dia });
    expect(daCozinha.inicial).toEqual({ saldo: '3.0000', custoMedio: '657.8947', valor: 1974 });
    expect(daCozinha.linhas.map((l: Record<string, unknown>) => [l.documentoNumero, l.saldo])).toEqual([[s3, '2.5000']]);
    expect(daCozinha.final).toMatchObject({ saldo: '2.5000', custoMedio: '657.8947' });

    const meio = await kardex({ produto: arroz._id, de: meioDia(4).dia, ate: meioDia(3).dia });
    expect(meio.inicial).toEqual({ saldo: '10.0000', custoMedio: '500.0000', valor: 5000 });
    expect(meio.linhas.map((l: Record<string, unknown>) => [l.tipo, l.documentoTipo, l.documentoNumero, l.localDescricao, l.usuario, l.saldo, l.custoMedio])).toEqual([
      ['transferencia', 'transferenciaLocal', t1, 'Estoque principal', nome, '6.0000', '500.0000'],
      ['transferencia', 'transferenciaLocal', t1, 'Cozinha', nome, '10.0000', '500.0000'],
      ['saidaManual', 'saidaManual', s1, 'Cozinha', nome, '9.0000', '500.0000'],
      ['entrada', 'entradaManual', e2, 'Estoque principal', nome, '19.0000', '657.8947'],
    ]);
    expect(meio.final).toEqual({ saldo: '19.0000', custoMedio: '657.8947', valor: 12500 });

    // A period with nothing in it: opening and closing are what came before.
    const depois = await kardex({ produto: arroz._id, local: principal._id, de: meioDia(0).dia, ate: meioDia(0).dia });
    expect([depois.inicial.saldo, depois.final.saldo, depois.linhas]).toEqual(['14.0000', '14.0000', []]);
    const antes = await kardex({ produto: arroz._id, de: meioDia(9).dia, ate: meioDia(6).dia });
    expect([antes.inicial, antes.final, antes.linhas]).toEqual([{ saldo: '0.0000', custoMedio: '0.0000', valor: 0 }, { saldo: '0.0000', custoMedio: '0.0000', valor: 0 }, []]);
    expect(e1).toBeGreaterThan(0);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });
});

describe('stock position', () => {
  it('shows the minimum of the company’s own product and flags the products whose company total is below it', async () => {
    const [feijao, sal] = [await criar(admin, 'produtoGeral', { descricao: 'Feijão carioca', unidade: un._id }), await criar(admin, 'produtoGeral', { descricao: 'Sal refinado', unidade: un._id })];
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: feijao._id, preco: 0, controlaEstoque: true, estoqueMinimo: '5' });
    // Another store of the group wants far more salt: not this company's minimum.
    const outra = ctx.seed.demo.empresas.find((e) => e !== ctx.seed.demo.empresas[0]);
    if (outra) {
      await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
        values (${ctx.seed.demo.grupoEmpresarial}, 'pe-sal-outra', 'produtoGeralEmpresa', ${outra}, ${JSON.stringify({ produtoGeral: sal._id, preco: 0, estoqueMinimo: '100' })}::jsonb)`);
    }
    for (const [p, local, q] of [[feijao, principal, '3'], [feijao, cozinha, '1'], [sal, principal, '2']] as const) {
      const res = await admin('POST', '/estoqueDocumento', { tipo: 'entradaManual', local: local._id, itens: [{ produto: p._id, quantidade: q, custoUnitario: '100' }] });
      expect(res.status).toBe(201);
    }
    const linhas = (await admin('POST', '/relatorioEstoqueProduto', { busca: 'feijão' })).body.data as Record<string, unknown>[];
    expect(linhas.map((l) => [l.localDescricao, l.quantidade, l.unidade, l.estoqueMinimo, l.abaixoMinimo])).toEqual([
      ['Cozinha', '1.0000', 'KG', '5.000', true],
      ['Estoque principal', '3.0000', 'KG', '5.000', true],
    ]);
    const abaixo = (await admin('POST', '/relatorioEstoqueProduto', { abaixoMinimo: true })).body.data as Record<string, unknown>[];
    expect(abaixo.map((l) => l.produto)).toEqual([feijao._id, feijao._id]);
    const doSal = (await admin('POST', '/relatorioEstoqueProduto', { busca: 'sal refinado' })).body.data as Record<string, unknown>[];
    expect(doSal.map((l) => [l.estoqueMinimo, l.abaixoMinimo])).toEqual([[null, false]]);
  });
});
