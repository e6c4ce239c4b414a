import {
  descontarChargeback,
  findRecurso,
  type ChargebackDoPagamento,
  prazoMaximoDasOperadoras,
  prazosDoPagamento,
  planoDeRecebimento,
  recebiveisDoPlano,
  somarDiasCorridos,
  tPagsRecebiveis,
  type DiaPrevisto,
  type FiltroPrevisaoRecebimento,
  type OperadoraRecebiveis,
  type PlanoRecebimento,
  type PrevisaoRecebimento,
  type RecebivelDoDia,
  type TotalPorChave,
  type ValoresRecebivel,
} from '@retaguarda/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { registro, venda, vendaPagamento } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { empresasDoFiltro } from '../../sales/relatorios/filtroVendas.ts';
import { FUSO, intervaloDeDias } from '../../sales/relatorios/periodo.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { naoReabertaSql } from '../caixa/vigente.ts';

/** More than the longest run of days without banks (Carnaval: Saturday to Tuesday): a chargeback that many days before the range may be taken from its first payout. */
const DIAS_SEM_BANCO = 10;

/** Installments a contract is assumed to reach at most when its rules name no higher range (12× is the market's usual ceiling). */
const PARCELAS_USUAIS = 12;

export interface Cadastros {
  operadoras: Map<string, { nome: string; regras: OperadoraRecebiveis; /** Monthly percent the contract charges to anticipate ('0.00': none). */ taxaAntecipacao: string }>;
  bandeiras: Map<string, string>;
}

/** The group's operadoras (trash too: old sales still name them) with their rules, and the brands' names. */
export async function lerCadastros(tx: Transaction, grupo: string): Promise<Cadastros> {
  const linhas = await tx
    .select({ id: registro.id, recurso: registro.recurso, dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, grupo), inArray(registro.recurso, ['operadora', 'tipoPagamentoBandeira'])));
  const schema = findRecurso('operadora')!.schema;
  const operadoras: Cadastros['operadoras'] = new Map();
  const bandeiras = new Map<string, string>();
  for (const l of linhas) {
    const dados = l.dados as Record<string, unknown>;
    if (l.recurso === 'tipoPagamentoBandeira') bandeiras.set(l.id, String(dados.descricao ?? l.id));
    else {
      // Stored records are read through the declaration, so one saved before the rules existed gets their defaults.
      const lido = schema.safeParse(dados);
      if (lido.success) {
        const regras = lido.data as unknown as OperadoraRecebiveis & { taxaAntecipacao?: string };
        // The record's rate, else the first contract rule that names one.
        const taxaAntecipacao = [regras.taxaAntecipacao, ...(regras.regras ?? []).map((r) => r.taxaAntecipacao)].find((t) => t && Number(t) > 0) ?? '0.00';
        operadoras.set(l.id, { nome: String(dados.nome ?? l.id), regras, taxaAntecipacao });
      }
    }
  }
  return { operadoras, bandeiras };
}

export interface LinhaPagamento {
  dataVenda: string;
  tPag: string;
  bandeira: string | null;
  operadora: string | null;
  parcelas: number;
  valor: number;
  /** The payment's standing chargebacks per day (chargebacksDoPagamento), null without any. */
  chargebacks: ChargebackDoPagamento[] | null;
}

/**
 * The payments whose receivables can fall from `de` to `ate`, of sales not cancelled (`lidos`), and the older or
 * later ones charged back from `de` to `ate` that those leave out (`chargebackSem`: their chargeback comes off that
 * day's payout, or the next business day's). Each tPag, and credit per number of installments, reads only the
 * sale days its contracts can pay in the range (prazosDoPagamento): a debit a week back, credit à vista a month, credit in 2× two months, in 12×
 * a year. Installments are read through their partial index, so the year back walks only them (bench/previsao.ts).
 */
function condicoes(grupo: string, empresas: string[], de: string, ate: string, cadastros: Cadastros): { lidos: SQL; chargebackSem: SQL } {
  const operadoras = [...cadastros.operadoras.values()].map((o) => o.regras);
  const maiorFaixa = Math.max(PARCELAS_USUAIS, ...operadoras.flatMap((o) => (o.regras ?? []).map((r) => r.parcelasAte ?? r.parcelasDe ?? 1)));
  const janelas = new Map<string, { tPags: string[]; parcelas: SQL | null; desde: string; ate: string }>();
  const janela = (tPag: string, parcelas: number, condicao: SQL | null, maximo?: number) => {
    const prazos = prazosDoPagamento(operadoras, tPag, parcelas);
    if (!prazos) return;
    const desde = somarDiasCorridos(de, -(maximo ?? prazos.maximo));
    const ateVenda = somarDiasCorridos(ate, -prazos.minimo);
    const chave = `${desde}|${ateVenda}|${parcelas}|${condicao ? tPag : ''}`;
    const j = janelas.get(chave);
    if (j) j.tPags.push(tPag);
    else janelas.set(chave, { tPags: [tPag], parcelas: condicao, desde, ate: ateVenda });
  };
  for (const t of tPagsRecebiveis) janela(t, 1, t === '03' ? sql`${vendaPagamento.parcelas} <= 1` : null);
  for (let p = 2; p < maiorFaixa; p++) janela('03', p, sql`${vendaPagamento.parcelas} = ${p}`);
  // Beyond the longest range a rule names, as far back as that range reaches (what every contract is assumed to stop at).
  janela('03', maiorFaixa, sql`${vendaPagamento.parcelas} >= ${maiorFaixa}`, prazoMaximoDasOperadoras(operadoras, maiorFaixa));
  const todas = [...janelas.values()];
  const lidas = sql.join(
    todas.map((j) => sql`(${and(inArray(vendaPagamento.tPag, j.tPags), j.parcelas ?? undefined, intervaloDeDias(sql`${vendaPagamento.fechadoEm}`, j.desde, j.ate))})`),
    sql` or `,
  );
  const desde = todas.reduce((m, j) => (j.desde < m ? j.desde : m), de);
  const ateVenda = todas.reduce((m, j) => (j.ate > m ? j.ate : m), de);
  return {
    // Cancelled sales are few: an anti-join on them, over the same closing range (a sale's payments close with it), keeps the hash small.
    lidos: and(
      eq(vendaPagamento.grupoEmpresarialId, grupo),
      inArray(vendaPagamento.empresaId, empresas),
      sql`(${lidas})`,
      sql`not exists (select 1 from ${venda} where ${venda.grupoEmpresarialId} = ${grupo} and ${venda.empresaId} in ${empresas} and ${intervaloDeDias(sql`${venda.fechadoEm}`, desde, ateVenda)} and ${venda.cancelada} and ${venda.id} = ${vendaPagamento.vendaId})`,
    )!,
    chargebackSem: and(
      eq(vendaPagamento.grupoEmpresarialId, grupo),
      sql`${vendaPagamento.vendaId} in (select c.venda_id from cartao_chargeback c where c.grupo_empresarial_id = ${grupo} and c.empresa_id in ${empresas} and c.data between ${somarDiasCorridos(de, -DIAS_SEM_BANCO)}::date and ${ate}::date)`,
      inArray(vendaPagamento.tPag, [...tPagsRecebiveis]),
      sql`not (${lidas})`,
      sql`not exists (select 1 from ${venda} where ${venda.grupoEmpresarialId} = ${grupo} and ${venda.id} = ${vendaPagamento.vendaId} and ${venda.cancelada})`,
    )!,
  };
}

/**
 * What the acquirer took back of the payment by chargebacks: the standing amount (reversals are negative rows, so the sum is what
 * stands), and per day for the forecast (a reversal carries its original's day, so a reversed one sums to 0 and is left out).
 * The selected row is named as venda_pagamento.* (here and in fechamentoDaVenda): drizzle writes a column of the selected table unqualified in a
 * select-list `sql` ("venda_id"), which inside a subquery would name the subquery's own column.
 */
const doPagamento = sql`c.grupo_empresarial_id = venda_pagamento.grupo_empresarial_id and c.venda_id = venda_pagamento.venda_id and c.pagamento_seq = venda_pagamento.seq`;
const chargebackDoPagamento = sql<string>`(select coalesce(sum(c.valor), 0) from cartao_chargeback c where ${doPagamento})::text`;
const chargebacksDoPagamento = sql<ChargebackDoPagamento[] | null>`(select jsonb_agg(jsonb_build_object('data', x.data, 'valor', x.valor) order by x.data) from (
  select c.data::text as data, sum(c.valor)::bigint as valor from cartao_chargeback c where ${doPagamento} group by c.data having sum(c.valor) > 0) x)`;

const colunas = {
  dataVenda: sql<string>`to_char((${vendaPagamento.fechadoEm} at time zone ${FUSO})::date, 'YYYY-MM-DD')`,
  tPag: vendaPagamento.tPag,
  bandeira: vendaPagamento.bandeiraId,
  operadora: vendaPagamento.operadoraId,
  parcelas: vendaPagamento.parcelas,
  valor: sql<number>`(${vendaPagamento.valor} - ${vendaPagamento.troco})::int`,
  // The forecast is net of them (descontarChargeback), so the payments are grouped by them too (null for nearly all).
  chargebacks: chargebacksDoPagamento,
};


/**
 * The approval in force of the cash period the sale belongs to: the closing confirmed what the operator
 * declared for its cards and vouchers, so finance sees those receivables as confirmed (read, never posted:
 * their money still arrives through this forecast and the bank reconciliation).
 */
const fechamentoDaVenda = sql<{ periodo: string; aprovadoEm: string } | null>`(select json_build_object('periodo', k.periodo_id, 'aprovadoEm', k.aprovado_em) from venda v
    join caixa_conciliacao k on k.grupo_empresarial_id = v.grupo_empresarial_id and k.periodo_id = v.periodo_id
    where v.grupo_empresarial_id = venda_pagamento.grupo_empresarial_id and v.id = venda_pagamento.venda_id and ${naoReabertaSql('k')}
    limit 1)`;

/** One plan per (sale day, tPag, brand, operadora, installments): the dates and rule every such payment shares. */
export function planejador(cadastros: Cadastros) {
  const planos = new Map<string, PlanoRecebimento | null>();
  return (l: LinhaPagamento): PlanoRecebimento | null => {
    const chave = `${l.dataVenda}|${l.tPag}|${l.bandeira}|${l.operadora}|${l.parcelas}`;
    let plano = planos.get(chave);
    if (plano === undefined) {
      const operadora = l.operadora ? (cadastros.operadoras.get(l.operadora)?.regras ?? null) : null;
      plano = planoDeRecebimento({ dataVenda: l.dataVenda, tPag: l.tPag, bandeira: l.bandeira, parcelas: l.parcelas }, operadora);
      planos.set(chave, plano);
    }
    return plano;
  };
}

const zerado = (): ValoresRecebivel => ({ bruto: 0, taxas: 0, chargeback: 0, liquido: 0, quantidade: 0 });
/** `contar`: a receivable (counted in `quantidade`); a chargeback taken from a day's payout is not one. */
/** `r.chargeback` absent: a payment without chargebacks (its receivables as the plan gives them). */
function somar(alvo: ValoresRecebivel, r: { bruto: number; mdr: number; tarifa: number; antecipacao: number; chargeback?: number; liquido: number }, vezes: number, contar = true) {
  alvo.bruto += r.bruto * vezes;
  alvo.taxas += (r.mdr + r.tarifa + r.antecipacao) * vezes;
  if (r.chargeback) alvo.chargeback += r.chargeback * vezes;
  alvo.liquido += r.liquido * vezes;
  if (contar) alvo.quantidade += vezes;
}
function porChave(mapa: Map<string, TotalPorChave>, id: string | null, nome: string) {
  const chave = id ?? '';
  let t = mapa.get(chave);
  if (!t) mapa.set(chave, (t = { id, nome, ...zerado() }));
  return t;
}

/**
 * calendarioRecebimento: each day's expected receivables from `de` to `ate` (gross, fees, net, by
 * operadora and brand) and, for `dia`, the receivables one by one. Computed at read time from the
 * sales' payments, read grouped by (sale day, tPag, brand, operadora, installments, amount): the
 * dates are planned once per (day, tPag, brand, operadora, installments) and each distinct amount is
 * split and charged once, counted as often as it occurs.
 */
export async function previsaoRecebimento(db: Database, s: SessaoRequest, filtro: Required<FiltroPrevisaoRecebimento>): Promise<PrevisaoRecebimento> {
  return withTenant(db, s, async (tx) => previsaoDasEmpresas(tx, s.grupoEmpresarial, (await empresasDoFiltro(tx, s, filtro.empresas)).empresas, filtro));
}

/** The forecast of these companies in the caller's transaction (the bank reconciliation matches credits to it). */
export async function previsaoDasEmpresas(tx: Transaction, grupo: string, empresas: string[], filtro: Required<FiltroPrevisaoRecebimento>): Promise<PrevisaoRecebimento> {
  const cadastros = await lerCadastros(tx, grupo);
  const grupos: (LinhaPagamento & { vezes: number })[] = [];
  // Set-based: a scalar subquery of the chargebacks per payment row ran once per payment (every payment of the
  // range). Payments with a chargeback are few: they are read by a semi-join from cartao_chargeback with their
  // chargebacks; every other payment by an anti-join against it, with none (bench/previsao.ts: a month over 1M
  // payments on PostgreSQL, 4.3 s → 2.2 s).
  const comChargeback = sql`(${vendaPagamento.vendaId}, ${vendaPagamento.seq}) in (select c.venda_id, c.pagamento_seq from cartao_chargeback c where c.grupo_empresarial_id = ${grupo})`;
  const semChargeback = sql`not exists (select 1 from cartao_chargeback c where ${doPagamento})`;
  // Grouped on integers first (the sale day as days from `de`, the amount), which settle nearly every comparison
  // of the sort before the text keys; the day's text is made once per day here.
  const doGrupo = {
    dia: sql<number>`((${vendaPagamento.fechadoEm} at time zone ${FUSO})::date - ${filtro.de}::date)`,
    valor: colunas.valor,
    parcelas: vendaPagamento.parcelas,
    tPag: vendaPagamento.tPag,
    bandeira: vendaPagamento.bandeiraId,
    operadora: vendaPagamento.operadoraId,
    vezes: sql<number>`count(*)::int`,
  };
  const datas = new Map<number, string>();
  const dataVenda = (dia: number) => datas.get(dia) ?? datas.set(dia, somarDiasCorridos(filtro.de, dia)).get(dia)!;
  const { lidos, chargebackSem } = condicoes(grupo, empresas, filtro.de, filtro.ate, cadastros);
  for (const onde of [lidos, chargebackSem]) {
    // Appended one by one: spreading a few hundred thousand rows into push overflows the stack.
    for (const g of await tx.select({ ...doGrupo, chargebacks: chargebacksDoPagamento }).from(vendaPagamento).where(and(onde, comChargeback)).groupBy(sql`1, 2, 3, 4, 5, 6, 8`))
      grupos.push({ ...g, dataVenda: dataVenda(g.dia) });
    for (const g of await tx.select(doGrupo).from(vendaPagamento).where(and(onde, semChargeback)).groupBy(sql`1, 2, 3, 4, 5, 6`)) grupos.push({ ...g, dataVenda: dataVenda(g.dia), chargebacks: null });
  }
  const plano = planejador(cadastros);
  const dias = new Map<string, { valores: ValoresRecebivel; operadoras: Map<string, TotalPorChave>; bandeiras: Map<string, TotalPorChave>; operadoraBandeiras: Map<string, Map<string, TotalPorChave>> }>();
  const totais = zerado();
  const avisos = new Map<string, number>();
  const nomeOperadora = (id: string | null) => (id ? (cadastros.operadoras.get(id)?.nome ?? id) : 'Sem operadora');
  const nomeBandeira = (id: string | null) => (id ? (cadastros.bandeiras.get(id) ?? id) : 'Sem bandeira');
  for (const g of grupos) {
    const p = plano(g);
    if (!p || (!g.chargebacks && p.parcelas.every((r) => r.dataPrevista < filtro.de || r.dataPrevista > filtro.ate))) continue;
    let noPeriodo = false;
    const somarNoDia = (data: string, r: Parameters<typeof somar>[1], contar = true) => {
      let dia = dias.get(data);
      if (!dia) dias.set(data, (dia = { valores: zerado(), operadoras: new Map(), bandeiras: new Map(), operadoraBandeiras: new Map() }));
      somar(dia.valores, r, g.vezes, contar);
      somar(totais, r, g.vezes, contar);
      somar(porChave(dia.operadoras, g.operadora, nomeOperadora(g.operadora)), r, g.vezes, contar);
      somar(porChave(dia.bandeiras, g.bandeira, nomeBandeira(g.bandeira)), r, g.vezes, contar);
      const daOperadora = dia.operadoraBandeiras.get(g.operadora ?? '') ?? dia.operadoraBandeiras.set(g.operadora ?? '', new Map()).get(g.operadora ?? '')!;
      somar(porChave(daOperadora, g.bandeira, nomeBandeira(g.bandeira)), r, g.vezes, contar);
    };
    // Nearly every payment has no chargeback: its receivables as planned, without descontarChargeback's copies (the largest part of the JS time at 1M).
    const { recebiveis, avulsos } = g.chargebacks ? descontarChargeback(recebiveisDoPlano(p, g.valor), g.chargebacks) : { recebiveis: recebiveisDoPlano(p, g.valor), avulsos: [] };
    for (const r of recebiveis) {
      if (r.dataPrevista < filtro.de || r.dataPrevista > filtro.ate) continue;
      noPeriodo = true;
      somarNoDia(r.dataPrevista, r);
    }
    // What the receivables still owed could not cover: taken from the acquirer's payout of the chargeback's day (no receivable counted).
    for (const a of avulsos) {
      if (a.data < filtro.de || a.data > filtro.ate) continue;
      somarNoDia(a.data, { bruto: 0, mdr: 0, tarifa: 0, antecipacao: 0, chargeback: a.valor, liquido: -a.valor }, false);
    }
    if (noPeriodo) for (const a of p.avisos) avisos.set(a.mensagem, (avisos.get(a.mensagem) ?? 0) + g.vezes);
  }
  const ordenar = (m: Map<string, TotalPorChave>) => [...m.values()].sort((a, b) => b.bruto - a.bruto || a.nome.localeCompare(b.nome));
  const linhas: DiaPrevisto[] = [...dias.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([data, d]) => ({
      data,
      ...d.valores,
      porOperadora: ordenar(d.operadoras).map((o) => ({ ...o, porBandeira: ordenar(d.operadoraBandeiras.get(o.id ?? '') ?? new Map()) })),
      porBandeira: ordenar(d.bandeiras),
    }));
  const recebiveis = filtro.dia ? await recebiveisDoDia(tx, grupo, empresas, filtro.dia, cadastros, plano, nomeOperadora, nomeBandeira) : [];
  return { dias: linhas, totais, recebiveis, avisos: [...avisos.entries()].map(([mensagem, pagamentos]) => ({ mensagem, pagamentos })) };
}

/** The receivables expected on one day, one line per installment of each payment, with its sale. */
async function recebiveisDoDia(
  tx: Transaction,
  grupo: string,
  empresas: string[],
  dia: string,
  cadastros: Cadastros,
  plano: ReturnType<typeof planejador>,
  nomeOperadora: (id: string | null) => string,
  nomeBandeira: (id: string | null) => string,
): Promise<RecebivelDoDia[]> {
  // The payments that can have a receivable on the day (those charged back only, without one on it, are left out).
  const colunasDoDia = { ...colunas, venda: vendaPagamento.vendaId, empresa: vendaPagamento.empresaId, pagamento: vendaPagamento.seq, chargeback: chargebackDoPagamento, fechamento: fechamentoDaVenda };
  const pagamentos = await tx.select(colunasDoDia).from(vendaPagamento).where(condicoes(grupo, empresas, dia, dia, cadastros).lidos).orderBy(vendaPagamento.fechadoEm, vendaPagamento.vendaId, vendaPagamento.seq);
  return pagamentos.flatMap((p) => {
    const previsao = plano(p);
    if (!previsao?.parcelas.some((r) => r.dataPrevista === dia)) return [];
    // Net of the payment's chargebacks as the day's totals; `chargeback` stays the payment's whole standing amount.
    return descontarChargeback(recebiveisDoPlano(previsao, p.valor), p.chargebacks ?? [])
      .recebiveis.filter((r) => r.dataPrevista === dia)
      .map(({ dataPrevista: _, chargeback: _descontado, ...r }) => ({
        venda: p.venda,
        empresa: p.empresa,
        dataVenda: p.dataVenda,
        produto: previsao.produto,
        operadora: p.operadora,
        operadoraNome: nomeOperadora(p.operadora),
        bandeira: p.bandeira,
        bandeiraNome: nomeBandeira(p.bandeira),
        parcelas: previsao.parcelas.length,
        ...r,
        avisos: previsao.avisos.map((a) => a.mensagem),
        pagamento: p.pagamento,
        chargeback: Number(p.chargeback),
        fechamento: p.fechamento ? { periodo: p.fechamento.periodo, aprovadoEm: new Date(p.fechamento.aprovadoEm).toISOString() } : null,
      }));
  });
}
