import {
  aplicarRegras,
  casarAntecipacoes,
  casarExatos,
  casarPorDia,
  casarRecebiveis,
  JANELA_DIAS,
  contaPadrao,
  dataBr,
  memoNomeia,
  nomeParaMemo,
  reais,
  semAcento,
  somarDiasCorridos,
  prazoMaximoDasOperadoras,
  separarAntecipados,
  type Casamento,
  type CasamentoAntecipacao,
  type CasamentoRecebivel,
  type LinhaAberta,
  type MovimentoAberto,
  type OrigemConciliacao,
  type RecebivelPrevisto,
  type RegraConciliacao,
  type ResultadoConciliacao,
} from '@retaguarda/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { inserirDeJson } from '../../db/insercaoJson.ts';
import { financeiroConciliacao, financeiroConciliacaoAntecipacao, financeiroConciliacaoHistorico, financeiroConciliacaoMovimento, financeiroExtratoImportacao, financeiroExtratoLinha } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { conferirReferencias } from '../movimentacao.ts';
import { lancar, travarContas, type AutorFinanceiro, type LancamentoNovo } from '../razao.ts';
import { quitarChargebacksDosRepasses } from '../recebiveis/chargebackDescontado.ts';
import { lerCadastros, previsaoDasEmpresas, type Cadastros } from '../recebiveis/previsao.ts';
import { contaDaEmpresa } from './importacao.ts';

/**
 * Bank reconciliation (issue 14): statement lines ↔ ledger movements. Every change of an account's
 * matches first locks the account's balance row (travarContas, as `lancar` does), so two runs on one
 * account take turns and the second sees the first's matches; the unique keys of
 * financeiro_conciliacao (a line once) and financeiro_conciliacao_movimento (a movement once) hold
 * it in the database as well. Movements a match needs (a rule, a card credit, "criar movimento") are
 * posted through `lancar`, pointing at the statement line (documentoTipo financeiroExtratoLinha).
 */

export const DOCUMENTO_LINHA = 'financeiroExtratoLinha';
export const refLinha = (linha: string) => ({ documentoTipo: DOCUMENTO_LINHA, documentoId: linha });

export const erro = (status: number, campo: string, rotulo: string, mensagem: string) => new HttpError(status, `${rotulo}: ${mensagem}`, {}, { [campo]: mensagem });

/** The account's statement lines not reconciled, oldest first. */
async function linhasAbertas(tx: Transaction, a: AutorFinanceiro, conta: string): Promise<LinhaAberta[]> {
  const r = await tx.execute<{ id: string; data: string; valor: string; memo: string; ordem: string }>(sql`
    select l.id, l.data::text as data, l.valor::text as valor, l.memo, row_number() over (order by l.data, l.importado_em, l.posicao)::text as ordem
    from financeiro_extrato_linha l
    where l.grupo_empresarial_id = ${a.grupoEmpresarial} and l.conta_id = ${conta}
      and not exists (select 1 from financeiro_conciliacao c where c.grupo_empresarial_id = l.grupo_empresarial_id and c.linha_id = l.id)`);
  return r.rows.map((l) => ({ id: l.id, data: l.data, valor: Number(l.valor), memo: l.memo, ordem: Number(l.ordem) }));
}

/**
 * The account's movements a line may match: not reconciled, not an opening balance, neither reversed
 * nor a reversal (a movement and its reversal cancel out; the bank saw neither or both).
 */
const condicaoMovimentoAberto = sql`
  m.tipo <> 'saldoInicial' and m.estorno_de is null
  and not exists (select 1 from financeiro_movimento e where e.grupo_empresarial_id = m.grupo_empresarial_id and e.estorno_de = m.id)
  and not exists (select 1 from financeiro_conciliacao_movimento c where c.grupo_empresarial_id = m.grupo_empresarial_id and c.movimento_id = m.id)`;

export async function movimentosAbertos(tx: Transaction, a: AutorFinanceiro, conta: string, limite?: number) {
  const r = await tx.execute<{ id: string; data: string; valor: string; seq: string; descricao: string; tipo: string }>(sql`
    select m.id, m.data::text as data, m.valor::text as valor, m.seq::text as seq, m.descricao, m.tipo
    from financeiro_movimento m
    where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.conta_id = ${conta} and ${condicaoMovimentoAberto}
    order by m.data desc, m.seq desc
    ${limite ? sql`limit ${limite}` : sql``}`);
  return r.rows.map((m) => ({ id: m.id, data: m.data, valor: Number(m.valor), ordem: Number(m.seq), descricao: m.descricao, tipo: m.tipo }));
}

interface NovaConciliacao {
  linha: string;
  movimentos: string[];
  origem: OrigemConciliacao;
  recebivel?: RecebivelPrevisto;
  antecipacao?: CasamentoAntecipacao;
  regra?: string;
}

const somaDias = (a: CasamentoAntecipacao | undefined, k: 'bruto' | 'taxas' | 'liquido') => (a ? a.dias.reduce((s, d) => s + d[k], 0) : null);

/** Writes matches and their history (one statement per table); the matches' ids, in order. */
export async function gravar(tx: Transaction, a: AutorFinanceiro, conta: string, novas: readonly NovaConciliacao[]): Promise<string[]> {
  if (!novas.length) return [];
  const base = { grupoEmpresarialId: a.grupoEmpresarial, contaId: conta };
  const comId = novas.map((n) => ({ ...n, id: newId() }));
  await tx.execute(
    inserirDeJson(
      financeiroConciliacao,
      comId.map((n) => ({
        ...base,
        id: n.id,
        empresaId: a.empresa,
        linhaId: n.linha,
        origem: n.origem,
        operadoraId: n.recebivel?.operadora ?? n.antecipacao?.operadora ?? null,
        // An anticipation: its first day and the days' sums (each day in financeiro_conciliacao_antecipacao).
        recebivelData: n.recebivel?.data ?? n.antecipacao?.dias[0]!.data ?? null,
        previstoBruto: n.recebivel?.bruto ?? somaDias(n.antecipacao, 'bruto'),
        previstoTaxas: n.recebivel?.taxas ?? somaDias(n.antecipacao, 'taxas'),
        previstoLiquido: n.recebivel?.liquido ?? somaDias(n.antecipacao, 'liquido'),
        regraId: n.regra ?? null,
        usuarioId: a.usuario,
      })),
    ),
  );
  const antecipados = comId.flatMap((n) =>
    (n.antecipacao?.dias ?? []).map((d) => ({
      grupoEmpresarialId: a.grupoEmpresarial,
      conciliacaoId: n.id,
      empresaId: a.empresa,
      operadoraId: d.operadora,
      recebivelData: d.data,
      dias: d.dias,
      previstoBruto: d.bruto,
      previstoTaxas: d.taxas,
      previstoLiquido: d.liquido,
      desconto: d.desconto,
    })),
  );
  if (antecipados.length) await tx.execute(inserirDeJson(financeiroConciliacaoAntecipacao, antecipados));
  await tx.execute(inserirDeJson(financeiroConciliacaoMovimento, comId.flatMap((n) => n.movimentos.map((m) => ({ ...base, movimentoId: m, conciliacaoId: n.id })))));
  // The history from the rows just written (a JSON array of arrays per row is slow to read back as text[]).
  await tx.execute(sql`
    insert into financeiro_conciliacao_historico (grupo_empresarial_id, id, conciliacao_id, conta_id, linha_id, acao, origem, movimentos, usuario_id)
    select c.grupo_empresarial_id, gen_random_uuid()::text, c.id, c.conta_id, c.linha_id, 'conciliada', c.origem,
      coalesce((select array_agg(m.movimento_id order by m.movimento_id) from financeiro_conciliacao_movimento m where m.grupo_empresarial_id = c.grupo_empresarial_id and m.conciliacao_id = c.id), '{}'), c.usuario_id
    from financeiro_conciliacao c
    where c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.id = any(${sql.param(comId.map((n) => n.id))}::text[])`);
  return comId.map((n) => n.id);
}

/** Expected card and voucher net per operadora and day for the account's company, matched to a line or not. */
export async function previsaoPorDia(tx: Transaction, a: AutorFinanceiro, de: string, ate: string): Promise<RecebivelPrevisto[]> {
  // At most three months at a time, as the forecast's API: a longer range reads the payments by a slower plan.
  const dias = [];
  for (let inicio = de; inicio <= ate; inicio = somarDiasCorridos(inicio, 92)) {
    const fim = somarDiasCorridos(inicio, 91) < ate ? somarDiasCorridos(inicio, 91) : ate;
    dias.push(...(await previsaoDasEmpresas(tx, a.grupoEmpresarial, [a.empresa], { de: inicio, ate: fim, empresas: [a.empresa], dia: null })).dias);
  }
  return dias.flatMap((d) => d.porOperadora.map((o) => ({ operadora: o.id, operadoraNome: o.nome, data: d.data, bruto: o.bruto, taxas: o.taxas, chargeback: o.chargeback, liquido: o.liquido })));
}

/** The operadora-days (`operadora|AAAA-MM-DD`) of the company a line already took: a payout's day, or a day an anticipation paid. */
export async function diasTomados(tx: Transaction, a: AutorFinanceiro, de: string, ate: string): Promise<Set<string>> {
  const ja = await tx.execute<{ chave: string }>(sql`
    select coalesce(operadora_id, '') || '|' || recebivel_data::text as chave from financeiro_conciliacao
    where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and recebivel_data is not null and recebivel_data between ${de}::date and ${ate}::date
    union
    select operadora_id || '|' || recebivel_data::text from financeiro_conciliacao_antecipacao
    where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and recebivel_data between ${de}::date and ${ate}::date`);
  return new Set(ja.rows.map((r) => r.chave));
}

export const chaveDoDia = (r: Pick<RecebivelPrevisto, 'operadora' | 'data'>) => `${r.operadora ?? ''}|${r.data}`;

/** Expected card and voucher net per operadora and day for the account's company, less the days already matched to a credit. */
export async function recebiveisPrevistos(tx: Transaction, a: AutorFinanceiro, de: string, ate: string): Promise<RecebivelPrevisto[]> {
  const dias = await previsaoPorDia(tx, a, de, ate);
  const usados = await diasTomados(tx, a, de, ate);
  return dias.filter((r) => !usados.has(chaveDoDia(r)));
}

async function regrasDoGrupo(tx: Transaction, a: AutorFinanceiro): Promise<RegraConciliacao[]> {
  const r = await tx.execute<{ id: string; texto: string; conta_id: string | null; sinal: 'credito' | 'debito' | null; plano_conta_id: string; descricao: string | null }>(sql`
    select id, texto, conta_id, sinal, plano_conta_id, descricao from financeiro_conciliacao_regra
    where grupo_empresarial_id = ${a.grupoEmpresarial} order by criado_em, id`);
  return r.rows.map((x) => ({ id: x.id, texto: x.texto, conta: x.conta_id, sinal: x.sinal, planoConta: x.plano_conta_id, descricao: x.descricao }));
}

const tipoDoValor = (valor: number) => (valor > 0 ? ('entrada' as const) : ('saida' as const));
const resumir = (texto: string) => (texto.length > 200 ? `${texto.slice(0, 199)}…` : texto);
/** The ledger's words for a credit that is an operadora's payout of a day, and for one that anticipated days. */
export const descricaoRecebivel = (r: RecebivelPrevisto) => resumir(`Recebível ${r.operadoraNome} previsto para ${dataBr(r.data)} (${reais(r.liquido)} líquido)`);
export const descricaoAntecipacao = (c: CasamentoAntecipacao) => {
  const liquido = c.dias.reduce((s, d) => s + d.liquido, 0);
  const ate = c.dias.length > 1 ? ` a ${dataBr(c.dias.at(-1)!.data)}` : '';
  return resumir(`Antecipação ${c.operadoraNome} dos recebíveis de ${dataBr(c.dias[0]!.data)}${ate} (${reais(liquido)} líquido, desconto ${reais(c.desconto)})`);
};

/**
 * Matches the account's open lines, in the caller's transaction: exact amount within ±3 days, then a
 * day's movements summing to a line, then a credit to an acquirer's expected net of a day (posting
 * the credit; one a few days early at the contracted anticipation rate is that day anticipated), then an
 * acquirer's own anticipation of several days, then the saved rules (posting the movement). Counts per step.
 */
export async function conciliarAutomaticamente(tx: Transaction, a: AutorFinanceiro, conta: string): Promise<ResultadoConciliacao> {
  await travarContas(tx, a, [conta]);
  let linhas = await linhasAbertas(tx, a, conta);
  if (!linhas.length) return { conciliadas: 0, porOrigem: {} };
  const movimentos: MovimentoAberto[] = await movimentosAbertos(tx, a, conta);
  const novas: NovaConciliacao[] = [];
  const tirar = (casados: readonly Casamento[]) => {
    novas.push(...casados);
    const linhasUsadas = new Set(casados.map((c) => c.linha));
    const movimentosUsados = new Set(casados.flatMap((c) => c.movimentos));
    linhas = linhas.filter((l) => !linhasUsadas.has(l.id));
    return movimentos.filter((m) => !movimentosUsados.has(m.id));
  };
  const restantes = tirar(casarExatos(linhas, movimentos));
  tirar(casarPorDia(linhas, restantes));

  const creditos = linhas.filter((l) => l.valor > 0);
  const porLinha = new Map(linhas.map((l) => [l.id, l]));
  const cadastros = creditos.length ? await lerCadastros(tx, a.grupoEmpresarial) : null;
  let recebidos: CasamentoRecebivel[] = [];
  const antecipados: CasamentoAntecipacao[] = [];
  if (cadastros) {
    const datas = creditos.map((l) => l.data).sort();
    const previstos = await recebiveisPrevistos(tx, a, somarDiasCorridos(datas[0]!, -3), somarDiasCorridos(datas.at(-1)!, 3));
    // A payout a few days early, short by the contracted anticipation rate, is that day anticipated.
    const separados = separarAntecipados(previstos.length ? casarRecebiveis(creditos, previstos) : [], porLinha, taxasContratadas(cadastros));
    recebidos = separados.recebidos;
    antecipados.push(...separados.antecipados);
  }
  const recebidas = new Set([...recebidos.map((r) => r.linha), ...antecipados.map((c) => c.linha)]);
  // The days this run just matched are not written yet: kept out of the anticipations by hand.
  const tomados = new Set([...recebidos.map((r) => r.recebivel), ...antecipados.flatMap((c) => c.dias)].map(chaveDoDia));
  if (cadastros) antecipados.push(...(await casarAntecipadas(tx, a, cadastros, creditos.filter((l) => !recebidas.has(l.id)), tomados)));
  for (const c of antecipados) recebidas.add(c.linha);
  const porRegra = aplicarRegras(await regrasDoGrupo(tx, a), conta, linhas.filter((l) => !recebidas.has(l.id)));

  const vendas = contaPadrao('1.01')._id;
  const lancamentos: LancamentoNovo[] = [
    ...recebidos.map(({ linha, recebivel: r }) => ({
      contaId: conta,
      data: porLinha.get(linha)!.data,
      valor: porLinha.get(linha)!.valor,
      tipo: 'entrada' as const,
      planoContaId: vendas,
      descricao: descricaoRecebivel(r),
      ...refLinha(linha),
    })),
    ...antecipados.map((c) => ({
      contaId: conta,
      data: porLinha.get(c.linha)!.data,
      valor: porLinha.get(c.linha)!.valor,
      tipo: 'entrada' as const,
      planoContaId: vendas,
      descricao: descricaoAntecipacao(c),
      ...refLinha(c.linha),
    })),
    ...porRegra.map(({ linha, regra }) => ({
      contaId: conta,
      data: linha.data,
      valor: linha.valor,
      tipo: tipoDoValor(linha.valor),
      planoContaId: regra.planoConta,
      descricao: resumir(regra.descricao ?? (linha.memo || `Regra "${regra.texto}"`)),
      ...refLinha(linha.id),
    })),
  ];
  // A payout net of chargebacks settles them: their wallets credited back (see chargebackDescontado.ts), after the matches' own rows.
  const quitacoes = await quitarChargebacksDosRepasses(tx, a, recebidos.map(({ linha, recebivel }) => ({ data: porLinha.get(linha)!.data, recebivel })));
  const postados = await lancar(tx, a, [...lancamentos, ...quitacoes]);
  recebidos.forEach((r, i) => novas.push({ linha: r.linha, movimentos: [postados[i]!._id], origem: 'recebivel', recebivel: r.recebivel }));
  antecipados.forEach((c, i) => novas.push({ linha: c.linha, movimentos: [postados[recebidos.length + i]!._id], origem: 'antecipacao', antecipacao: c }));
  const antes = recebidos.length + antecipados.length;
  porRegra.forEach((r, i) => novas.push({ linha: r.linha.id, movimentos: [postados[antes + i]!._id], origem: 'regra', regra: r.regra.id }));

  await gravar(tx, a, conta, novas);
  const porOrigem: ResultadoConciliacao['porOrigem'] = {};
  for (const n of novas) porOrigem[n.origem] = (porOrigem[n.origem] ?? 0) + 1;
  return { conciliadas: novas.length, porOrigem };
}

/**
 * The credits left that an acquirer's own anticipation explains (casarAntecipacoes): only lines whose memo
 * names one of the group's operadoras read the forecast, from JANELA_DIAS before the first such line up to the
 * longest installment term after the last (the anticipated days lie ahead of the credit).
 */
async function casarAntecipadas(tx: Transaction, a: AutorFinanceiro, cadastros: Cadastros, creditos: readonly LinhaAberta[], tomados: ReadonlySet<string>): Promise<CasamentoAntecipacao[]> {
  if (!creditos.length) return [];
  // Only credits naming an operadora may be one (casarAntecipacoes asks the same): without one, no forecast is read.
  const nomes = [...cadastros.operadoras.values()].map((o) => nomeParaMemo(o.nome));
  const candidatas = creditos.filter((l) => nomes.some((n) => memoNomeia(semAcento(l.memo), n)));
  if (!candidatas.length) return [];
  const datas = candidatas.map((l) => l.data).sort();
  const prazo = prazoMaximoDasOperadoras([...cadastros.operadoras.values()].map((o) => o.regras), 12);
  // From JANELA_DIAS before: a payout due around a credit keeps it from being read as an anticipation.
  const previstos = await recebiveisPrevistos(tx, a, somarDiasCorridos(datas[0]!, -JANELA_DIAS), somarDiasCorridos(datas.at(-1)!, prazo));
  return casarAntecipacoes(candidatas, previstos.filter((r) => !tomados.has(chaveDoDia(r))), taxasContratadas(cadastros));
}

/** Each operadora's contracted anticipation rate (monthly percent), by id. */
const taxasContratadas = (cadastros: Cadastros) => new Map([...cadastros.operadoras].map(([id, o]) => [id, o.taxaAntecipacao]));

/** A line of the session's company, locked with its account; 404 naming the field otherwise. */
export async function linhaDaEmpresa(tx: Transaction, a: AutorFinanceiro, id: string) {
  const [l] = (
    await tx.execute<{ id: string; conta_id: string; data: string; valor: string; memo: string }>(sql`
      select id, conta_id, data::text as data, valor::text as valor, memo from financeiro_extrato_linha
      where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${id}`)
  ).rows;
  if (!l) throw erro(404, 'linha', 'Linha do extrato', 'linha não encontrada nesta empresa.');
  await travarContas(tx, a, [l.conta_id]);
  const [ja] = (await tx.execute<{ id: string }>(sql`select id from financeiro_conciliacao where grupo_empresarial_id = ${a.grupoEmpresarial} and linha_id = ${id}`)).rows;
  return { id: l.id, conta: l.conta_id, data: l.data, valor: Number(l.valor), memo: l.memo, conciliacao: ja?.id ?? null };
}

export const jaConciliada = () => erro(409, 'linha', 'Linha do extrato', 'esta linha já está conciliada; desfaça a conciliação antes.');

/** A line with one or more of its account's open movements whose sum equals it. */
export async function conciliarManual(tx: Transaction, a: AutorFinanceiro, corpo: { linha: string; movimentos: string[] }): Promise<{ conciliacao: string }> {
  const linha = await linhaDaEmpresa(tx, a, corpo.linha);
  if (linha.conciliacao) throw jaConciliada();
  const ids = [...new Set(corpo.movimentos)];
  const r = await tx.execute<{ id: string; valor: string; aberto: boolean }>(sql`
    select m.id, m.valor::text as valor, (${condicaoMovimentoAberto}) as aberto from financeiro_movimento m
    where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.conta_id = ${linha.conta} and m.id = any(${sql.param(ids)}::text[])`);
  if (r.rows.length !== ids.length) throw erro(400, 'movimentos', 'Movimentos', 'escolha movimentos da conta desta linha.');
  if (r.rows.some((m) => !m.aberto)) throw erro(409, 'movimentos', 'Movimentos', 'um dos movimentos já está conciliado, estornado ou é saldo inicial.');
  const soma = r.rows.reduce((s, m) => s + Number(m.valor), 0);
  if (soma !== linha.valor) throw erro(400, 'movimentos', 'Movimentos', `a soma dos movimentos (${reais(soma)}) difere do valor da linha (${reais(linha.valor)}).`);
  const recebivel = await quitarChargebacksDaLinha(tx, a, linha);
  const [conciliacao] = await gravar(tx, a, linha.conta, [{ linha: linha.id, movimentos: ids, origem: 'manual', ...(recebivel ? { recebivel } : {}) }]);
  return { conciliacao: conciliacao! };
}

/**
 * A credit matched by hand (manual, or a movement created from it) that is an acquirer's payout settles the
 * chargebacks taken from it, exactly as the automatic match does: the payout is found by the same rule
 * (`casarRecebiveis`: an operadora-day's expected net within ±3 days, exact, or within 1% / R$ 1,00 when the
 * memo names the operadora, among the days no line has taken) and its chargebacks credited back to their
 * wallets (`quitarChargebacksDosRepasses`: never past what stands, so undo and match again credits nothing
 * twice). The operadora-day is kept on the match so no other line takes it. Nothing happens for a debit, or
 * a credit that is no payout with chargebacks.
 */
async function quitarChargebacksDaLinha(tx: Transaction, a: AutorFinanceiro, linha: { id: string; data: string; valor: number; memo: string }): Promise<RecebivelPrevisto | undefined> {
  if (linha.valor <= 0) return undefined;
  const previstos = await recebiveisPrevistos(tx, a, somarDiasCorridos(linha.data, -3), somarDiasCorridos(linha.data, 3));
  const [casado] = previstos.length ? casarRecebiveis([{ id: linha.id, data: linha.data, valor: linha.valor, memo: linha.memo, ordem: 0 }], previstos) : [];
  // Only a payout net of chargebacks is taken: any other credit matched by hand leaves the forecast's days to the automatic match.
  if (!casado || !((casado.recebivel.chargeback ?? 0) > 0)) return undefined;
  const quitacoes = await quitarChargebacksDosRepasses(tx, a, [{ data: linha.data, recebivel: casado.recebivel }]);
  if (quitacoes.length) await lancar(tx, a, quitacoes);
  return casado.recebivel;
}

/** Undoes a line's match (its movements are open again; one posted from the line stays in the ledger). 409 when not matched. */
export async function desconciliar(tx: Transaction, a: AutorFinanceiro, linhaId: string): Promise<{ movimentos: string[] }> {
  const linha = await linhaDaEmpresa(tx, a, linhaId);
  if (!linha.conciliacao) throw erro(409, 'linha', 'Linha do extrato', 'esta linha não está conciliada.');
  await tx.execute(sql`delete from financeiro_conciliacao_antecipacao where grupo_empresarial_id = ${a.grupoEmpresarial} and conciliacao_id = ${linha.conciliacao}`);
  const movs = await tx.execute<{ movimento_id: string }>(sql`
    delete from financeiro_conciliacao_movimento where grupo_empresarial_id = ${a.grupoEmpresarial} and conciliacao_id = ${linha.conciliacao} returning movimento_id`);
  const [c] = (await tx.execute<{ origem: string }>(sql`delete from financeiro_conciliacao where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${linha.conciliacao} returning origem`)).rows;
  const movimentos = movs.rows.map((m) => m.movimento_id).sort();
  await tx.execute(
    inserirDeJson(financeiroConciliacaoHistorico, [
      { grupoEmpresarialId: a.grupoEmpresarial, id: newId(), conciliacaoId: linha.conciliacao, contaId: linha.conta, linhaId: linha.id, acao: 'desfeita', origem: c!.origem, movimentos, usuarioId: a.usuario },
    ]),
  );
  return { movimentos };
}

/** Posts the line as a movement of its account (amount and date from the line) and reconciles it. */
export async function criarMovimentoDaLinha(tx: Transaction, a: AutorFinanceiro, corpo: { linha: string; planoConta: string; descricao: string }) {
  const linha = await linhaDaEmpresa(tx, a, corpo.linha);
  if (linha.conciliacao) throw jaConciliada();
  await conferirReferencias(tx, a, [{ campo: 'planoConta', recurso: 'financeiroPlanoConta', id: corpo.planoConta }]);
  const [m] = await lancar(tx, a, [
    { contaId: linha.conta, data: linha.data, valor: linha.valor, tipo: tipoDoValor(linha.valor), planoContaId: corpo.planoConta, descricao: corpo.descricao, ...refLinha(linha.id) },
  ]);
  const recebivel = await quitarChargebacksDaLinha(tx, a, linha);
  await gravar(tx, a, linha.conta, [{ linha: linha.id, movimentos: [m!._id], origem: 'criado', ...(recebivel ? { recebivel } : {}) }]);
  return m!;
}

/** The account's reconciled balance per day: the bank's (from the statements' ledger balance) beside the ledger's reconciled and whole balance. */
export async function saldoConciliadoPorDia(tx: Transaction, a: AutorFinanceiro, f: { conta: string; de: string; ate: string }) {
  const conta = await contaDaEmpresa(tx, a, f.conta);
  const g = a.grupoEmpresarial;
  // The bank's balance on a day: the latest statement balance, moved by the lines between its date and that day.
  const [ancora] = (
    await tx.execute<{ saldo: string; data: string; ate: string }>(sql`
      select i.saldo::text as saldo, i.saldo_data::text as data,
        (select coalesce(sum(l.valor), 0) from financeiro_extrato_linha l where l.grupo_empresarial_id = ${g} and l.conta_id = ${conta.id} and l.data <= i.saldo_data)::text as ate
      from financeiro_extrato_importacao i
      where i.grupo_empresarial_id = ${g} and i.conta_id = ${conta.id} and i.saldo is not null and i.saldo_data is not null
      order by i.saldo_data desc, i.importado_em desc limit 1`)
  ).rows;
  const r = await tx.execute<{ data: string; linhas: string; conciliado: string; razao: string }>(sql`
    with dias as (select generate_series(${f.de}::date, ${f.ate}::date, interval '1 day')::date as data)
    select d.data::text as data,
      (select coalesce(sum(l.valor), 0) from financeiro_extrato_linha l where l.grupo_empresarial_id = ${g} and l.conta_id = ${conta.id} and l.data <= d.data)::text as linhas,
      (select coalesce(sum(m.valor), 0) from financeiro_movimento m where m.grupo_empresarial_id = ${g} and m.conta_id = ${conta.id} and m.data <= d.data
         and (m.tipo = 'saldoInicial' or exists (select 1 from financeiro_conciliacao_movimento c where c.grupo_empresarial_id = m.grupo_empresarial_id and c.movimento_id = m.id)))::text as conciliado,
      (select coalesce(sum(s.valor), 0) from financeiro_saldo_dia s where s.grupo_empresarial_id = ${g} and s.conta_id = ${conta.id} and s.data <= d.data)::text as razao
    from dias d order by d.data`);
  return r.rows.map((d) => {
    const banco = ancora ? Number(ancora.saldo) - Number(ancora.ate) + Number(d.linhas) : null;
    const conciliado = Number(d.conciliado);
    return { data: d.data, banco, conciliado, razao: Number(d.razao), diferenca: banco === null ? null : banco - conciliado };
  });
}

/** The account's statement lines (newest first, 2,000 at most) with how each was matched, and its imports. */
export async function extratoDaConta(tx: Transaction, autor: AutorFinanceiro, contaId: string) {
  const conta = await contaDaEmpresa(tx, autor, contaId);
  const l = financeiroExtratoLinha;
  const c = financeiroConciliacao;
  const linhas = await tx
    .select({
      _id: l.id,
      fitid: l.fitid,
      data: l.data,
      valor: l.valor,
      memo: l.memo,
      nome: l.nome,
      trntype: l.trntype,
      conciliacaoId: c.id,
      origem: c.origem,
      operadora: c.operadoraId,
      recebivelData: c.recebivelData,
      previstoLiquido: c.previstoLiquido,
      conciliadoEm: c.conciliadoEm,
      antecipada: sql<boolean>`exists (select 1 from financeiro_conciliacao_antecipacao ca where ca.grupo_empresarial_id = ${c.grupoEmpresarialId} and ca.conciliacao_id = ${c.id})`,
      movimentos: sql<string[] | null>`(select array_agg(cm.movimento_id order by cm.movimento_id) from financeiro_conciliacao_movimento cm where cm.grupo_empresarial_id = ${c.grupoEmpresarialId} and cm.conciliacao_id = ${c.id})`,
    })
    .from(l)
    .leftJoin(c, and(eq(c.grupoEmpresarialId, l.grupoEmpresarialId), eq(c.linhaId, l.id)))
    .where(and(eq(l.grupoEmpresarialId, autor.grupoEmpresarial), eq(l.contaId, conta.id)))
    .orderBy(desc(l.data), asc(l.importadoEm), asc(l.posicao))
    .limit(2000);
  const i = financeiroExtratoImportacao;
  const importacoes = await tx
    .select({ _id: i.id, arquivoNome: i.arquivoNome, linhas: i.linhas, importadas: i.importadas, repetidas: i.repetidas, inicio: i.inicio, fim: i.fim, saldo: i.saldo, saldoData: i.saldoData, importadoEm: i.importadoEm })
    .from(i)
    .where(and(eq(i.grupoEmpresarialId, autor.grupoEmpresarial), eq(i.contaId, conta.id)))
    .orderBy(desc(i.importadoEm))
    .limit(200);
  return {
    linhas: linhas.map(({ conciliacaoId, origem, operadora, recebivelData, previstoLiquido, conciliadoEm, antecipada, movimentos, ...x }) => ({
      ...x,
      conciliada: conciliacaoId !== null,
      conciliacao: conciliacaoId
        ? { _id: conciliacaoId, origem: origem!, movimentos: movimentos ?? [], operadora, recebivelData, previstoLiquido, antecipada: Boolean(antecipada), conciliadoEm: new Date(conciliadoEm!).toISOString() }
        : null,
    })),
    importacoes: importacoes.map((x) => ({ ...x, importadoEm: x.importadoEm.toISOString() })),
  };
}
