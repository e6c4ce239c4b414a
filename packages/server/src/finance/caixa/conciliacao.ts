import { CHAVE_DINHEIRO, conferirCaixa, contaPadrao, dataBr, TPAG_DINHEIRO } from '@retaguarda/domain';
import type { AprovacaoCaixa, AprovacaoCaixaBody, ReaberturaCaixa, ReaberturaCaixaBody, FiltroPeriodosCaixa, FormaCaixa, LinhaConciliacaoCaixa, MovimentoCaixa, MovimentoCaixaBody, PeriodoCaixa, ResumoCaixa, SituacaoPeriodoCaixa } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { estornosDe, lancadosParaEstornar, lancar, type AutorFinanceiro } from '../razao.ts';
import { fecharNaTransacao, travarPeriodo, type DadosPeriodo } from './periodo.ts';
import { contasDiferencaCaixa } from './contasDiferenca.ts';
import { aprovacaoVigenteSql } from './vigente.ts';

/**
 * conciliacaoCaixa (issue 14): a cash period's sales per payment method, its sangrias and suprimentos,
 * and the approval that posts the drawer's cash and its difference to the company's Caixa account
 * through the money ledger, once; a manager may reopen an approval (its rows reversed by new rows) and
 * the period be approved again.
 */

type LinhaPeriodo = { id: string; dados: DadosPeriodo; caixa_nome: string | null; terminal_nome: string | null; aprovado: boolean; vendas: string; total: string };

/** Whether the period `r` (registro) has an approval in force. */
const aprovadoSql = aprovacaoVigenteSql(sql`r.grupo_empresarial_id`, sql`r.id`);
const situacao = (l: Pick<LinhaPeriodo, 'aprovado' | 'dados'>): SituacaoPeriodoCaixa => (l.aprovado ? 'aprovado' : l.dados.periodoAberto ? 'aberto' : 'fechado');

/** The company's periods, newest first, each with its sales count and total and its situation. */
function consultaPeriodos(a: AutorFinanceiro, onde: ReturnType<typeof sql>) {
  return sql`
    select r.id, r.dados, c.dados->>'descricao' as caixa_nome, t.dados->>'descricao' as terminal_nome,
      ${aprovadoSql} as aprovado,
      v.vendas::text as vendas, v.total::text as total
    from registro r
    left join registro c on c.grupo_empresarial_id = r.grupo_empresarial_id and c.id = r.dados->>'caixa'
    left join registro t on t.grupo_empresarial_id = r.grupo_empresarial_id and t.id = r.dados->>'terminal'
    cross join lateral (
      select count(*) as vendas, coalesce(sum(x.total), 0) as total from venda x
      where x.grupo_empresarial_id = r.grupo_empresarial_id and x.periodo_id = r.id and x.empresa_id = r.empresa_id and not x.cancelada
    ) v
    where r.grupo_empresarial_id = ${a.grupoEmpresarial} and r.recurso = 'periodo' and r.empresa_id = ${a.empresa} and not r.lixo ${onde}
    order by r.dados->>'dataAbertura' desc, r.dados->>'abertoEm' desc nulls last, r.id
    limit 1000`;
}

const paraPeriodo = (l: LinhaPeriodo): PeriodoCaixa => ({
  _id: l.id,
  caixa: l.dados.caixa,
  caixaNome: l.caixa_nome ?? '',
  terminal: l.dados.terminal ?? null,
  terminalNome: l.terminal_nome,
  dataAbertura: l.dados.dataAbertura,
  abertoEm: l.dados.abertoEm ?? null,
  fechadoEm: l.dados.fechadoEm ?? null,
  fundoTroco: Number(l.dados.fundoTroco ?? 0),
  situacao: situacao(l),
  vendas: Number(l.vendas),
  total: Number(l.total),
});

const porSituacao: Record<SituacaoPeriodoCaixa, ReturnType<typeof sql>> = {
  aprovado: sql`and ${aprovadoSql}`,
  aberto: sql`and not ${aprovadoSql} and (r.dados->>'periodoAberto')::boolean`,
  fechado: sql`and not ${aprovadoSql} and not (r.dados->>'periodoAberto')::boolean`,
};

export async function listarPeriodos(tx: Transaction, a: AutorFinanceiro, f: FiltroPeriodosCaixa): Promise<PeriodoCaixa[]> {
  const r = await tx.execute<LinhaPeriodo>(
    consultaPeriodos(
      a,
      sql`and r.dados->>'dataAbertura' between ${f.de} and ${f.ate} ${f.caixa ? sql`and r.dados->>'caixa' = ${f.caixa}` : sql``} ${f.situacao ? porSituacao[f.situacao] : sql``}`,
    ),
  );
  return r.rows.map(paraPeriodo);
}

/** Payments of the period's sales per method, net of change, cancelled sales out; every cash payment in one line. */
async function formasDoPeriodo(tx: Transaction, a: AutorFinanceiro, periodo: string): Promise<FormaCaixa[]> {
  const r = await tx.execute<{ chave: string; t_pag: string; descricao: string | null; vendido: string; pagamentos: string }>(sql`
    select case when p.t_pag = ${TPAG_DINHEIRO} then ${CHAVE_DINHEIRO} else p.forma_pagamento_id end as chave,
      min(p.t_pag) as t_pag, min(fp.dados->>'descricao') as descricao, sum(p.valor - p.troco)::text as vendido, count(*)::text as pagamentos
    from venda v
    join venda_pagamento p on p.grupo_empresarial_id = v.grupo_empresarial_id and p.venda_id = v.id
    left join registro fp on fp.grupo_empresarial_id = p.grupo_empresarial_id and fp.id = p.forma_pagamento_id
    where v.grupo_empresarial_id = ${a.grupoEmpresarial} and v.periodo_id = ${periodo} and v.empresa_id = ${a.empresa} and not v.cancelada
    group by 1
    order by min(p.t_pag), 3`);
  return r.rows.map((l) => ({ chave: l.chave, tPag: l.t_pag, descricao: l.chave === CHAVE_DINHEIRO ? 'Dinheiro' : (l.descricao ?? l.chave), vendido: Number(l.vendido), pagamentos: Number(l.pagamentos) }));
}

async function movimentosDoPeriodo(tx: Transaction, a: AutorFinanceiro, periodo: string): Promise<MovimentoCaixa[]> {
  const r = await tx.execute<{ id: string; tipo: MovimentoCaixa['tipo']; valor: string; motivo: string; usuario_id: string | null; usuario_nome: string | null; registrado_em: string }>(sql`
    select m.id, m.tipo, m.valor::text as valor, m.motivo, m.usuario_id, u.nome as usuario_nome, m.registrado_em
    from caixa_movimento m
    left join usuario u on u.grupo_empresarial_id = m.grupo_empresarial_id and u.id = m.usuario_id
    where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.periodo_id = ${periodo}
    order by m.registrado_em, m.id`);
  return r.rows.map((m) => ({ _id: m.id, tipo: m.tipo, valor: Number(m.valor), motivo: m.motivo, usuario: m.usuario_id, usuarioNome: m.usuario_nome, registradoEm: new Date(m.registrado_em).toISOString() }));
}

type LinhaAprovacao = { id: string; linhas: LinhaConciliacaoCaixa[]; observacao: string; usuario_id: string | null; usuario_nome: string | null; aprovado_em: string };
const paraAprovacao = (k: LinhaAprovacao): AprovacaoCaixa => ({ _id: k.id, linhas: k.linhas, observacao: k.observacao, usuario: k.usuario_id, usuarioNome: k.usuario_nome, aprovadoEm: new Date(k.aprovado_em).toISOString() });

/** Every approval of the period, oldest first, each with its reopening when it had one. */
async function aprovacoesDoPeriodo(tx: Transaction, a: AutorFinanceiro, periodo: string): Promise<{ aprovacao: AprovacaoCaixa | null; reaberturas: ReaberturaCaixa[] }> {
  const r = await tx.execute<LinhaAprovacao & { reabertura_id: string | null; motivo: string | null; reabriu_id: string | null; reabriu_nome: string | null; reaberto_em: string | null }>(sql`
    select k.id, k.linhas, k.observacao, k.usuario_id, u.nome as usuario_nome, k.aprovado_em,
      x.id as reabertura_id, x.motivo, x.usuario_id as reabriu_id, ux.nome as reabriu_nome, x.reaberto_em
    from caixa_conciliacao k
    left join usuario u on u.grupo_empresarial_id = k.grupo_empresarial_id and u.id = k.usuario_id
    left join caixa_reabertura x on x.grupo_empresarial_id = k.grupo_empresarial_id and x.conciliacao_id = k.id
    left join usuario ux on ux.grupo_empresarial_id = x.grupo_empresarial_id and ux.id = x.usuario_id
    where k.grupo_empresarial_id = ${a.grupoEmpresarial} and k.periodo_id = ${periodo}
    order by k.sequencia`);
  const vigente = r.rows.find((k) => !k.reabertura_id);
  const reaberturas = r.rows
    .filter((k) => k.reabertura_id)
    .map((k) => ({ _id: k.reabertura_id!, aprovacao: paraAprovacao(k), motivo: k.motivo!, usuario: k.reabriu_id, usuarioNome: k.reabriu_nome, reabertoEm: new Date(k.reaberto_em!).toISOString() }));
  return { aprovacao: vigente ? paraAprovacao(vigente) : null, reaberturas };
}

const aprovacaoDoPeriodo = async (tx: Transaction, a: AutorFinanceiro, periodo: string) => (await aprovacoesDoPeriodo(tx, a, periodo)).aprovacao;

/** Everything the closing screen shows of a period. 404 for a period of another company or group. */
export async function resumoDoPeriodo(tx: Transaction, a: AutorFinanceiro, id: string): Promise<ResumoCaixa> {
  const [linha] = (await tx.execute<LinhaPeriodo>(consultaPeriodos(a, sql`and r.id = ${id}`))).rows;
  if (!linha) throw new HttpError(404, 'Período não encontrado nesta empresa.');
  const [formas, movimentos, aprovacoes] = [await formasDoPeriodo(tx, a, id), await movimentosDoPeriodo(tx, a, id), await aprovacoesDoPeriodo(tx, a, id)];
  const soma = (tipo: MovimentoCaixa['tipo']) => movimentos.filter((m) => m.tipo === tipo).reduce((s, m) => s + m.valor, 0);
  return { periodo: paraPeriodo(linha), formas, movimentos, sangrias: soma('sangria'), suprimentos: soma('suprimento'), ...aprovacoes, contasDiferenca: await contasDiferencaCaixa(tx, a) };
}

async function recusarSeAprovado(tx: Transaction, a: AutorFinanceiro, periodo: string): Promise<void> {
  const k = await aprovacaoDoPeriodo(tx, a, periodo);
  if (k) throw new HttpError(409, `Este período já foi aprovado em ${dataBr(k.aprovadoEm.slice(0, 10))}${k.usuarioNome ? ` por ${k.usuarioNome}` : ''}.`);
}

/**
 * A sangria or suprimento of a period not yet approved (the period's lock orders it against an approval).
 * From a terminal: only on its own periods, and a resend of the same `id` is answered as first recorded.
 */
export async function registrarMovimentoCaixa(tx: Transaction, a: AutorFinanceiro, periodo: string, m: MovimentoCaixaBody & { id?: string }, terminal?: string): Promise<MovimentoCaixa> {
  const p = await travarPeriodo(tx, a, periodo);
  if (terminal !== undefined && p.terminal !== terminal) throw new HttpError(404, 'Período não encontrado neste terminal.');
  const id = m.id ?? newId();
  const doMovimento = async () => (await movimentosDoPeriodo(tx, a, periodo)).find((x) => x._id === id)!;
  if (m.id) {
    const [ja] = (await tx.execute<{ periodo_id: string }>(sql`select periodo_id from caixa_movimento where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${id}`)).rows;
    if (ja?.periodo_id === periodo) return doMovimento();
    if (ja) throw new HttpError(409, 'Este id de movimento já foi usado em outro período: envie um id novo.');
  }
  await recusarSeAprovado(tx, a, periodo);
  await tx.execute(sql`
    insert into caixa_movimento (grupo_empresarial_id, id, empresa_id, periodo_id, tipo, valor, motivo, usuario_id)
    values (${a.grupoEmpresarial}, ${id}, ${a.empresa}, ${periodo}, ${m.tipo}, ${m.valor}, ${m.motivo}, ${a.usuario})`);
  return doMovimento();
}

/** The cash account the drawer's money goes to: the cashier's (caixa.contaFinanceira) when it names one of kind Caixa, else the company's first. */
async function contaDoCaixa(tx: Transaction, a: AutorFinanceiro, caixa: string): Promise<string> {
  const [c] = (
    await tx.execute<{ id: string }>(sql`
      select f.id from registro f
      left join registro cx on cx.grupo_empresarial_id = f.grupo_empresarial_id and cx.id = ${caixa}
      where f.grupo_empresarial_id = ${a.grupoEmpresarial} and f.recurso = 'financeiroConta' and f.empresa_id = ${a.empresa} and not f.lixo
        and f.dados->>'tipo' = 'Caixa' and coalesce((f.dados->>'ativo')::boolean, true)
      order by (f.id = cx.dados->>'contaFinanceira') desc nulls last, f.dados->>'nome', f.id
      limit 1`)
  ).rows;
  if (!c) throw new HttpError(409, 'Nenhuma conta financeira do tipo Caixa nesta empresa: cadastre uma em Contas financeiras para aprovar o fechamento.');
  return c.id;
}

const VENDAS = contaPadrao('1.01')._id;

/**
 * Approves the closing in one transaction: closes the period if still open, stores the lines (system,
 * declared, difference per method) and posts to the Caixa account the cash sold and the drawer's
 * difference (sobra in, falta out, on the chart accounts of contasDiferencaCaixa). Under the period's lock, so a second approval, even concurrent,
 * sees the first and gets 409 (and the unique index stands behind it).
 */
export async function aprovarCaixa(tx: Transaction, s: SessaoRequest, a: AutorFinanceiro, id: string, b: AprovacaoCaixaBody): Promise<ResumoCaixa> {
  const p = await travarPeriodo(tx, a, id);
  await recusarSeAprovado(tx, a, id);
  const antes = await resumoDoPeriodo(tx, a, id);
  const chaves = new Set([CHAVE_DINHEIRO, ...antes.formas.map((f) => f.chave)]);
  const estranha = Object.keys(b.declarado).find((k) => !chaves.has(k));
  if (estranha) throw new HttpError(400, `Declarado: a forma de pagamento ${estranha} não tem vendas neste período.`, {}, { declarado: 'Forma de pagamento sem vendas neste período.' });
  const linhas = conferirCaixa({ ...antes, fundoTroco: antes.periodo.fundoTroco }, b.declarado);
  const conta = await contaDoCaixa(tx, a, p.caixa);
  if (p.periodoAberto) await fecharNaTransacao(tx, s, p, null, new Date().toISOString());

  await tx.execute(sql`
    insert into caixa_conciliacao (grupo_empresarial_id, id, empresa_id, periodo_id, data, fundo_troco, sangrias, suprimentos, linhas, observacao, usuario_id, sequencia)
    values (${a.grupoEmpresarial}, ${newId()}, ${a.empresa}, ${id}, ${p.dataAbertura}::date, ${antes.periodo.fundoTroco}, ${antes.sangrias}, ${antes.suprimentos},
      ${JSON.stringify(linhas)}::jsonb, ${b.observacao}, ${a.usuario}, ${antes.reaberturas.length + 1})`);

  const gaveta = linhas[0]!;
  const nome = `${antes.periodo.caixaNome || 'caixa'} de ${dataBr(p.dataAbertura)}`;
  const doc = { data: p.dataAbertura, contaId: conta, documentoTipo: 'conciliacaoCaixa', documentoId: id };
  await lancar(tx, a, [
    ...(gaveta.vendido ? [{ ...doc, valor: gaveta.vendido, tipo: 'entrada' as const, planoContaId: VENDAS, descricao: `Vendas em dinheiro — ${nome}` }] : []),
    ...(gaveta.diferenca
      ? [{ ...doc, valor: gaveta.diferenca, tipo: gaveta.diferenca > 0 ? ('entrada' as const) : ('saida' as const), planoContaId: gaveta.diferenca > 0 ? antes.contasDiferenca.sobra._id : antes.contasDiferenca.falta._id, descricao: `${gaveta.diferenca > 0 ? 'Sobra' : 'Falta'} de caixa — ${nome}` }]
      : []),
  ]);
  return resumoDoPeriodo(tx, a, id);
}

/**
 * A manager reopens the approval in force, in one transaction under the period's lock: records who, when
 * and why, and reverses with new rows every ledger row the approval posted that is not reversed yet. The
 * period is then closed but not approved: it takes sangrias again and a new approval. Not approved: 409.
 */
export async function reabrirCaixa(tx: Transaction, a: AutorFinanceiro, id: string, b: ReaberturaCaixaBody): Promise<ResumoCaixa> {
  await travarPeriodo(tx, a, id);
  const k = await aprovacaoDoPeriodo(tx, a, id);
  if (!k) throw new HttpError(409, 'Este período não está aprovado: não há o que reabrir.');
  await tx.execute(sql`
    insert into caixa_reabertura (grupo_empresarial_id, id, empresa_id, periodo_id, conciliacao_id, motivo, usuario_id)
    values (${a.grupoEmpresarial}, ${newId()}, ${a.empresa}, ${id}, ${k._id}, ${b.motivo}, ${a.usuario})`);
  await lancar(tx, a, estornosDe(await lancadosParaEstornar(tx, a, 'conciliacaoCaixa', id), 'fechamento de caixa reaberto'));
  return resumoDoPeriodo(tx, a, id);
}
