// The forecast reads, per tPag and installments, only the sale days its contracts can pay in the range
// (previsao.ts condicoes). This checks that nothing is left out: over a year and a half of varied payments
// (every tPag, 1–12 installments, odd centavos, contracts with brand and range rules, anticipation, an issuer
// that finances the installments, chargebacks before and after payout, a reversal), every month's forecast
// equals the domain's computation over every payment of the store, read whole.
import { descontarChargeback, planoDeRecebimento, recebiveisDoPlano, somarDiasCorridos, type OperadoraRecebiveis } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerCadastros } from '../src/finance/recebiveis/previsao.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let admin: Api;
let grupo: string;
let empresa: string;

/** A small deterministic generator (the same data on every run and database). */
function gerador(semente: number) {
  let x = semente;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  grupo = ctx.seed.demo.grupoEmpresarial;
  empresa = ctx.seed.demo.empresas[0]!;
  const visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa Janelas', tBand: '01' }))._id;
  const master = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Master Janelas', tBand: '02' }))._id;
  const rede = (
    await criar(admin, 'operadora', {
      nome: 'Rede Janelas',
      cnpj: '01.425.787/0001-04',
      diasDebito: 1,
      diasCredito: 30,
      taxaDebito: '1,37',
      taxaCredito: '3,03',
      taxaParcelado: '3,67',
      regras: [
        { produto: 'creditoAVista', bandeira: master, dias: 2, contagem: 'uteis', taxa: '2,89', tarifa: 49, antecipacaoAutomatica: true, taxaAntecipacao: '1,79' },
        { produto: 'creditoParceladoLojista', parcelasDe: 7, parcelasAte: 12, dias: 45, contagem: 'corridos', taxa: '4,11' },
        { produto: 'creditoParceladoLojista', bandeira: visa, parcelasDe: 2, parcelasAte: 6, dias: 30, contagem: 'corridos', taxa: '3,33', antecipacaoAutomatica: true, taxaAntecipacao: '2,15' },
        { produto: 'voucherRefeicao', dias: 20, contagem: 'corridos', taxa: '3,9' },
        { produto: 'voucherAlimentacao', dias: 3, contagem: 'uteis', taxa: '2,5', tarifa: 15 },
      ],
    })
  )._id;
  const emissor = (await criar(admin, 'operadora', { nome: 'Emissora Janelas', cnpj: '33.479.023/0001-80', diasDebito: 2, diasCredito: 28, taxaDebito: '0,99', taxaCredito: '2,49', taxaParcelado: '2,99', parcelado: 'emissor' }))._id;
  const sorteio = gerador(14);
  const tPags = ['03', '03', '03', '04', '04', '10', '11', '17', '20'];
  const operadoras = [rede, rede, emissor, null];
  const bandeiras = [visa, master, null];
  const linhas: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const tPag = tPags[sorteio(tPags.length)]!;
    const parcelas = tPag === '03' && sorteio(2) ? 2 + sorteio(11) : 1;
    const dia = somarDiasCorridos('2025-09-01', sorteio(500));
    const hora = String(sorteio(24)).padStart(2, '0');
    const operadora = tPag === '17' || tPag === '20' ? null : operadoras[sorteio(operadoras.length)];
    const bandeira = bandeiras[sorteio(bandeiras.length)];
    // Odd centavos and amounts not divisible by the installments.
    const valor = 1 + sorteio(250_000);
    const texto = (v: string | null | undefined) => (v ? `'${v}'` : 'null');
    linhas.push(`('${grupo}', 'jan-${i}', 1, '${empresa}', '${dia} ${hora}:17:00-03', 'fp', '${tPag}', ${texto(bandeira)}, ${texto(operadora)}, ${parcelas}, ${valor}, 0)`);
  }
  await ctx.db.execute(
    sql.raw(`insert into venda_pagamento (grupo_empresarial_id, venda_id, seq, empresa_id, fechado_em, forma_pagamento_id, t_pag, bandeira_id, operadora_id, parcelas, valor, troco) values ${linhas.join(',\n')}`),
  );
  // Chargebacks: part or all of a payment, before or after its payouts; one reversed (same day, negative).
  const chargebacks: string[] = [];
  for (let k = 0; k < 120; k++) {
    const i = sorteio(3000);
    const data = somarDiasCorridos('2025-09-15', sorteio(480));
    chargebacks.push(`('${grupo}', 'cb-${k}', '${empresa}', 'jan-${i}', 1, ${1 + sorteio(60_000)}, '${data}', 'Contestação', 'conta', ${k === 7 ? `'cb-6'` : 'null'})`);
  }
  chargebacks.push(`('${grupo}', 'cb-estorno', '${empresa}', (select venda_id from cartao_chargeback where id = 'cb-5'), 1, -(select valor from cartao_chargeback where id = 'cb-5'), (select data from cartao_chargeback where id = 'cb-5'), 'Estorno', 'conta', 'cb-5')`);
  await ctx.db.execute(sql.raw(`insert into cartao_chargeback (grupo_empresarial_id, id, empresa_id, venda_id, pagamento_seq, valor, data, motivo, conta_id, estorno_de) values ${chargebacks.slice(0, -1).join(',\n')}`));
  await ctx.db.execute(sql.raw(`insert into cartao_chargeback (grupo_empresarial_id, id, empresa_id, venda_id, pagamento_seq, valor, data, motivo, conta_id, estorno_de) values ${chargebacks.at(-1)}`));
});
afterAll(async () => ctx?.close());

type Dia = { bruto: number; taxas: number; chargeback: number; liquido: number; quantidade: number };

/** The domain's forecast over every payment of the store, one by one, without any reading window. */
async function referencia(de: string, ate: string): Promise<Record<string, Dia>> {
  const cadastros = await ctx.db.transaction((tx) => lerCadastros(tx, grupo));
  const pagamentos = (
    await ctx.db.execute(sql`select to_char((p.fechado_em at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as "dataVenda", p.t_pag as "tPag", p.bandeira_id as bandeira,
      p.operadora_id as operadora, p.parcelas, (p.valor - p.troco)::int as valor,
      (select coalesce(jsonb_agg(jsonb_build_object('data', x.data, 'valor', x.valor) order by x.data), '[]') from (select c.data::text as data, sum(c.valor)::int as valor from cartao_chargeback c
        where c.grupo_empresarial_id = p.grupo_empresarial_id and c.venda_id = p.venda_id and c.pagamento_seq = p.seq group by c.data having sum(c.valor) > 0) x) as chargebacks
      from venda_pagamento p where p.grupo_empresarial_id = ${grupo} and p.empresa_id = ${empresa}`)
  ).rows as { dataVenda: string; tPag: string; bandeira: string | null; operadora: string | null; parcelas: number; valor: number; chargebacks: { data: string; valor: number }[] }[];
  const dias: Record<string, Dia> = {};
  const somar = (data: string, r: { bruto: number; mdr: number; tarifa: number; antecipacao: number; chargeback: number; liquido: number }, contar: boolean) => {
    const d = (dias[data] ??= { bruto: 0, taxas: 0, chargeback: 0, liquido: 0, quantidade: 0 });
    d.bruto += r.bruto;
    d.taxas += r.mdr + r.tarifa + r.antecipacao;
    d.chargeback += r.chargeback;
    d.liquido += r.liquido;
    if (contar) d.quantidade += 1;
  };
  for (const p of pagamentos) {
    const regras: OperadoraRecebiveis | null = p.operadora ? (cadastros.operadoras.get(p.operadora)?.regras ?? null) : null;
    const plano = planoDeRecebimento(p, regras);
    if (!plano) continue;
    const { recebiveis, avulsos } = descontarChargeback(recebiveisDoPlano(plano, p.valor), p.chargebacks);
    for (const r of recebiveis) if (r.dataPrevista >= de && r.dataPrevista <= ate) somar(r.dataPrevista, r, true);
    for (const a of avulsos) if (a.data >= de && a.data <= ate) somar(a.data, { bruto: 0, mdr: 0, tarifa: 0, antecipacao: 0, chargeback: a.valor, liquido: -a.valor }, false);
  }
  return dias;
}

describe('calendarioRecebimento: the forecast reads every payment that can fall in the range', () => {
  it('gives, month by month, what the domain computes over every payment of the store', async () => {
    let receitas = 0;
    for (const [de, ate] of [
      ['2025-10-01', '2025-10-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-04-01', '2026-06-30'],
      ['2026-11-01', '2026-11-30'],
      ['2026-12-16', '2027-01-15'],
      ['2027-03-01', '2027-03-31'],
    ] as const) {
      const res = await admin('POST', '/calendarioRecebimento/previsao', { de, ate, empresas: [empresa] });
      expect(res.status).toBe(200);
      const lidos = Object.fromEntries(
        (res.body.data.dias as (Dia & { data: string })[]).map((d) => [d.data, { bruto: d.bruto, taxas: d.taxas, chargeback: d.chargeback, liquido: d.liquido, quantidade: d.quantidade }]),
      );
      const esperados = await referencia(de, ate);
      expect(lidos, `${de} a ${ate}`).toEqual(esperados);
      receitas += Object.keys(esperados).length;
    }
    // Not an empty comparison: the ranges have many days with receivables, chargebacks among them.
    expect(receitas).toBeGreaterThan(100);
  });
});
