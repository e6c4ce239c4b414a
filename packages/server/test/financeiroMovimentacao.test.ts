import { contaPadrao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularFinanceiro } from '../src/finance/recalcular.ts';
import { prepararFinanceiroDemo } from '../src/seed/financeiroDemo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => ctx?.close());

let n = 0;
const conta = async (cliente: Api, extra: Record<string, unknown> = {}) =>
  criar(cliente, 'financeiroConta', { nome: `Conta ${++n}`, tipo: 'Caixa', dataSaldoInicial: '2026-01-01', ...extra });
const saldos = async (cliente: Api, data?: string): Promise<Record<string, { saldo: number; saldoNaData: number }>> => {
  const res = await cliente('GET', `/financeiroMovimentacao/saldos${data ? `?data=${data}` : ''}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.map((s: { conta: string; saldo: number; saldoNaData: number }) => [s.conta, s]));
};
const aluguel = contaPadrao('5.01')._id;
const vendas = contaPadrao('1.01')._id;
const movimento = (c: string, tipo: 'entrada' | 'saida', valor: number, data = '2026-03-10', extra: Record<string, unknown> = {}) => ({
  tipo,
  conta: c,
  data,
  valor,
  planoConta: tipo === 'entrada' ? vendas : aluguel,
  descricao: `${tipo} de ${valor}`,
  ...extra,
});

describe('financeiroMovimentacao: the money ledger', () => {
  it('the opening balance is a ledger row; changing it reverses the old one and posts the new one', async () => {
    const banco = await conta(api, { tipo: 'Banco', banco: '341', saldoInicial: 150000, dataSaldoInicial: '2026-02-01' });
    expect((await saldos(api))[banco._id]!.saldo).toBe(150000);
    expect((await saldos(api, '2026-01-31'))[banco._id]!.saldoNaData).toBe(0);
    const res = await api('PUT', `/financeiroConta/${banco._id}`, { saldoInicial: 100000, version: banco.version });
    expect(res.status).toBe(200);
    expect((await saldos(api))[banco._id]!.saldo).toBe(100000);
    const lista = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-01-01', ate: '2026-12-31', conta: banco._id })).body.data;
    expect(lista.linhas.map((l: { tipo: string; valor: number; saldo: number }) => [l.tipo, l.valor, l.saldo])).toEqual([
      ['saldoInicial', 150000, 150000],
      ['estorno', -150000, 0],
      ['saldoInicial', 100000, 100000],
    ]);
    // The opening balance is changed on the account, not reversed on the movements screen.
    expect((await api('POST', `/financeiroMovimentacao/${lista.linhas[2]._id}/estornar`, { motivo: 'teste' })).status).toBe(409);
  });

  it('entrada, saída and a transfer move the balances; one account shows its running balance from the balance before the period', async () => {
    const caixa = await conta(api, { saldoInicial: 5000 });
    const banco = await conta(api, { tipo: 'Banco', banco: '001' });
    expect((await api('POST', '/financeiroMovimentacao', movimento(caixa._id, 'entrada', 12050, '2026-03-10'))).status).toBe(201);
    expect((await api('POST', '/financeiroMovimentacao', movimento(caixa._id, 'saida', 3000, '2026-03-11'))).status).toBe(201);
    const t = await api('POST', '/financeiroMovimentacao/transferencia', { origem: caixa._id, destino: banco._id, data: '2026-03-12', valor: 10000 });
    expect(t.status).toBe(201);
    expect(t.body.data.map((l: { valor: number; conta: string }) => [l.conta, l.valor])).toEqual([[caixa._id, -10000], [banco._id, 10000]]);
    expect(t.body.data[0].descricao).toBe(`Transferência ${caixa.nome} → ${banco.nome}`);
    const s = await saldos(api);
    expect([s[caixa._id]!.saldo, s[banco._id]!.saldo]).toEqual([4050, 10000]);
    expect((await saldos(api, '2026-03-10'))[caixa._id]!.saldoNaData).toBe(17050);

    const lista = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-03-11', ate: '2026-03-31', conta: caixa._id })).body.data;
    expect(lista).toMatchObject({ saldoAnterior: 17050, saldoFinal: 4050, entradas: 0, saidas: 13000, total: 2 });
    expect(lista.linhas.map((l: { saldo: number }) => l.saldo)).toEqual([14050, 4050]);
    expect(lista.linhas[0]).toMatchObject({ planoContaNome: '5.01 Aluguel', contaNome: caixa.nome, tipo: 'saida', valor: -3000 });
    // Filters: kind and text.
    const busca = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-03-01', ate: '2026-03-31', busca: 'entrada de 12050' })).body.data;
    expect(busca.linhas.map((l: { conta: string }) => l.conta)).toEqual([caixa._id]);
    const transferencias = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-03-01', ate: '2026-03-31', conta: banco._id, tipo: 'transferencia' })).body.data;
    expect(transferencias.total).toBe(1);
  });

  it('refuses what is not integer centavos, an unknown account or chart account, naming the field; nothing is written', async () => {
    const caixa = await conta(api);
    const casos: [Record<string, unknown>, string, string][] = [
      [movimento(caixa._id, 'entrada', 10.5), 'valor', 'Valor: Informe o valor em centavos inteiros (R$ 10,50 = 1050).'],
      [movimento(caixa._id, 'entrada', -100), 'valor', 'Valor: O valor deve ser maior que zero.'],
      [movimento(caixa._id, 'entrada', '1050' as unknown as number), 'valor', 'Valor: Informe o valor em centavos.'],
      [movimento('nao-existe', 'entrada', 100), 'conta', 'Conta: Conta financeira não encontrada nesta empresa.'],
      [movimento(caixa._id, 'saida', 100, '2026-03-10', { planoConta: 'nao-existe' }), 'planoConta', 'Plano de contas: Conta do plano de contas não encontrada.'],
      [movimento(caixa._id, 'saida', 100, '2026-02-30'), 'data', 'Data: Informe a data (AAAA-MM-DD).'],
    ];
    for (const [body, campo, message] of casos) {
      const res = await api('POST', '/financeiroMovimentacao', body);
      expect(res.status, message).toBe(400);
      expect(res.body.data.message).toBe(message);
      expect(Object.keys(res.body.data.campos)).toEqual([campo]);
    }
    const t = await api('POST', '/financeiroMovimentacao/transferencia', { origem: caixa._id, destino: 'nao-existe', data: '2026-03-10', valor: 100 });
    expect([t.status, t.body.data.campos]).toEqual([400, { destino: 'Conta financeira não encontrada nesta empresa.' }]);
    const mesma = await api('POST', '/financeiroMovimentacao/transferencia', { origem: caixa._id, destino: caixa._id, data: '2026-03-10', valor: 100 });
    expect(mesma.status).toBe(400);
    expect((await api('POST', '/financeiroMovimentacao/lista', { de: '2000-01-01', ate: '2099-12-31', conta: caixa._id })).body.data.total).toBe(0);
    expect((await saldos(api))[caixa._id]!.saldo).toBe(0);
  });

  it('a reversal nets a movement to zero; reversing it again, or reversing the reversal, is 409; a transfer is reversed on both sides', async () => {
    const caixa = await conta(api);
    const banco = await conta(api, { tipo: 'Banco', banco: '237' });
    const m = (await api('POST', '/financeiroMovimentacao', movimento(caixa._id, 'entrada', 9990))).body.data;
    const e1 = await api('POST', `/financeiroMovimentacao/${m._id}/estornar`, { motivo: 'lançado em dobro' });
    expect(e1.status).toBe(200);
    expect(e1.body.data).toMatchObject([{ tipo: 'estorno', valor: -9990, estornoDe: m._id, data: '2026-03-10' }]);
    const e2 = await api('POST', `/financeiroMovimentacao/${m._id}/estornar`, { motivo: 'de novo' });
    expect(e2.status).toBe(409);
    expect(e2.body.data.message).toMatch(/^Este movimento já foi estornado em \d\d\/\d\d\/\d{4}\.$/);
    expect((await api('POST', `/financeiroMovimentacao/${e1.body.data[0]._id}/estornar`, { motivo: 'desfazer' })).status).toBe(409);
    expect((await api('POST', `/financeiroMovimentacao/${m._id}/estornar`, {})).status).toBe(400);

    const t = (await api('POST', '/financeiroMovimentacao/transferencia', { origem: caixa._id, destino: banco._id, data: '2026-03-12', valor: 700 })).body.data;
    const et = await api('POST', `/financeiroMovimentacao/${t[1]._id}/estornar`, { motivo: 'conta errada' });
    expect(et.body.data.map((l: { conta: string; valor: number }) => [l.conta, l.valor])).toEqual([[caixa._id, 700], [banco._id, -700]]);
    expect((await api('POST', `/financeiroMovimentacao/${t[0]._id}/estornar`, { motivo: 'outro lado' })).status).toBe(409);
    const s = await saldos(api);
    expect([s[caixa._id]!.saldo, s[banco._id]!.saldo]).toEqual([0, 0]);
    const lista = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-03-01', ate: '2026-03-31', conta: caixa._id })).body.data;
    expect(lista.linhas.find((l: { _id: string }) => l._id === m._id).estornadoPor).toBe(e1.body.data[0]._id);
  });

  it('balances equal the ledger after concurrent movements, transfers and reversals (the same reversal raced twice lands once)', async () => {
    const contas = [await conta(api), await conta(api), await conta(api)].map((c) => c._id);
    let semente = 7;
    const sorteio = (k: number) => {
      semente = (semente * 1103515245 + 12345) % 2 ** 31;
      return semente % k;
    };
    const feitos: string[] = [];
    const operacao = async () => {
      const tipo = sorteio(4);
      const c = contas[sorteio(3)]!;
      const valor = 1 + sorteio(100000);
      const data = `2026-04-${String(1 + sorteio(28)).padStart(2, '0')}`;
      if (tipo < 2) {
        const res = await api('POST', '/financeiroMovimentacao', movimento(c, tipo === 0 ? 'entrada' : 'saida', valor, data));
        expect(res.status).toBe(201);
        feitos.push(res.body.data._id);
      } else if (tipo === 2) {
        const destino = contas[(contas.indexOf(c) + 1 + sorteio(2)) % 3]!;
        const res = await api('POST', '/financeiroMovimentacao/transferencia', { origem: c, destino, data, valor });
        expect(res.status).toBe(201);
        feitos.push(res.body.data[0]._id);
      } else if (feitos.length) {
        const alvo = feitos[sorteio(feitos.length)]!;
        const [a, b] = await Promise.all([0, 1].map(() => api('POST', `/financeiroMovimentacao/${alvo}/estornar`, { motivo: 'corrida' })));
        // Once, whoever wins; and once more if the target was already reversed before.
        expect([a!.status, b!.status].sort()).toEqual(expect.arrayContaining([409]));
      }
    };
    for (let rodada = 0; rodada < 4; rodada++) await Promise.all(Array.from({ length: 12 }, operacao));

    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
    const lista = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-04-01', ate: '2026-04-30', limite: 5000 })).body.data;
    const s = await saldos(api);
    for (const c of contas) {
      const soma = lista.linhas.filter((l: { conta: string }) => l.conta === c).reduce((t: number, l: { valor: number }) => t + l.valor, 0);
      expect(s[c]!.saldo).toBe(soma);
    }
    // Each movement reversed at most once.
    const estornados = lista.linhas.filter((l: { estornoDe: string | null }) => l.estornoDe).map((l: { estornoDe: string }) => l.estornoDe);
    expect(new Set(estornados).size).toBe(estornados.length);

    // The check sees a kept balance that drifted, and --corrigir puts it back.
    await ctx.db.execute(sql`update financeiro_saldo set saldo = saldo + 1 where conta_id = ${contas[0]!}`);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([expect.objectContaining({ conta: contas[0], data: null, mantido: s[contas[0]!]!.saldo + 1, recalculado: s[contas[0]!]!.saldo })]);
    await recalcularFinanceiro(ctx.db, { corrigir: true });
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('the wall between groups: no endpoint reads or writes another group’s accounts and movements', async () => {
    const nossa = await conta(api, { saldoInicial: 4200 });
    const m = (await api('POST', '/financeiroMovimentacao', movimento(nossa._id, 'entrada', 100))).body.data;
    const deles = await conta(vizinho);
    expect((await vizinho('POST', '/financeiroMovimentacao', movimento(nossa._id, 'entrada', 100))).body.data.campos).toEqual({ conta: 'Conta financeira não encontrada nesta empresa.' });
    expect((await vizinho('POST', '/financeiroMovimentacao/transferencia', { origem: deles._id, destino: nossa._id, data: '2026-03-10', valor: 1 })).status).toBe(400);
    expect((await vizinho('POST', `/financeiroMovimentacao/${m._id}/estornar`, { motivo: 'alheio' })).status).toBe(404);
    expect((await vizinho('POST', '/financeiroMovimentacao/lista', { de: '2000-01-01', ate: '2099-12-31', conta: nossa._id })).body.data).toMatchObject({ total: 0, saldoAnterior: 0, saldoFinal: 0 });
    expect(Object.keys(await saldos(vizinho))).not.toContain(nossa._id);
    expect((await saldos(api))[nossa._id]!.saldo).toBe(4300);
    // The neighbour's own movement, with the default chart (same ids in every group), is theirs only.
    expect((await vizinho('POST', '/financeiroMovimentacao', movimento(deles._id, 'saida', 50))).status).toBe(201);
    expect((await saldos(api))[deles._id]).toBeUndefined();
  });

  it('the demonstration: four accounts per store, a year of movements up to today through the same writer and a reconciled bank statement; once', async () => {
    const demo = ctx.seed.demo;
    const loja = demo.empresas[1]!; // the second store: the tests above post in the first
    const s = { id: 'demo', usuario: demo.admin, grupoEmpresarial: demo.grupoEmpresarial, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
    const contagem = async () =>
      (await ctx.db.execute<{ contas: number; movimentos: number; hoje: number; linhas: number; regra: number; abertas: string[] }>(sql`
        select (select count(*)::int from registro where recurso = 'financeiroConta' and empresa_id = ${loja}) as contas,
          (select count(*)::int from financeiro_extrato_linha where empresa_id = ${loja}) as linhas,
          (select count(*)::int from financeiro_conciliacao where empresa_id = ${loja} and origem = 'regra') as regra,
          (select array_agg(l.memo order by l.memo) from financeiro_extrato_linha l where l.empresa_id = ${loja}
             and not exists (select 1 from financeiro_conciliacao c where c.linha_id = l.id)) as abertas,
          (select count(*)::int from financeiro_movimento where empresa_id = ${loja}) as movimentos,
          (select count(*)::int from financeiro_movimento where empresa_id = ${loja} and data = '2026-11-20') as hoje`)).rows[0]!;
    await prepararFinanceiroDemo(ctx.db, s, [loja], '2026-11-20');
    const primeira = await contagem();
    expect(primeira.contas).toBe(4);
    expect(primeira.movimentos).toBeGreaterThan(300);
    expect(primeira.hoje).toBeGreaterThan(0);
    // The bank's statement of the last month: matched on import, the fee by the rule, a customer's PIX left open.
    expect(primeira.linhas).toBeGreaterThan(15);
    expect(primeira.regra).toBe(1);
    expect(primeira.abertas).toEqual(['PIX RECEBIDO CLIENTE']);
    await prepararFinanceiroDemo(ctx.db, s, [loja], '2026-11-20');
    expect(await contagem()).toEqual(primeira);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });
});
