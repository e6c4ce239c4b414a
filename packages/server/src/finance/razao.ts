import type { MovimentoFinanceiro, TipoMovimentoFinanceiro } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { inserirDeJson } from '../db/insercaoJson.ts';
import { financeiroMovimento } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { somarNoDre } from './dre/rollup.ts';
import { HttpError } from '../plugins/envelope.ts';

/**
 * The money ledger: the one place an account's balance changes (issue 14, like the stock's razao.ts).
 * In the caller's transaction it locks the balance rows of the accounts it touches (in id order, so
 * concurrent writers wait for each other, never deadlock), appends the rows and adds them to the
 * kept balances (per account, and per account and day). Everything that moves money calls `lancar`.
 */

/** Who moves money: the tenant and the user, from the session. */
export interface AutorFinanceiro {
  grupoEmpresarial: string;
  empresa: string;
  usuario: string | null;
}

export interface LancamentoNovo {
  contaId: string;
  /** Business date, AAAA-MM-DD. */
  data: string;
  /** Signed integer centavos: positive in, negative out. */
  valor: number;
  tipo: TipoMovimentoFinanceiro;
  planoContaId?: string | null;
  descricao: string;
  pessoaId?: string | null;
  documentoTipo?: string | null;
  documentoId?: string | null;
  transferenciaId?: string | null;
  estornoDe?: string | null;
}

/** A ledger row as read back to be reversed (its columns as selected from financeiro_movimento). */
export type LinhaParaEstornar = {
  id: string;
  conta_id: string;
  data: string;
  valor: string;
  plano_conta_id: string | null;
  descricao: string;
  pessoa_id: string | null;
  documento_tipo?: string | null;
  documento_id?: string | null;
  transferencia_id?: string | null;
};

/**
 * The reversal of each row: the opposite amount on the original's date, pointing at it, with the reason
 * in the description. It keeps the row's document, or takes `documento` when the reversal is a document
 * of its own (a settlement's reversal).
 */
export function estornosDe(linhas: readonly LinhaParaEstornar[], motivo: string, documento?: { tipo: string; id: string }): LancamentoNovo[] {
  return linhas.map((l) => ({
    contaId: l.conta_id,
    data: l.data,
    valor: -Number(l.valor),
    tipo: 'estorno',
    planoContaId: l.plano_conta_id,
    descricao: `Estorno: ${l.descricao} (${motivo})`,
    pessoaId: l.pessoa_id,
    documentoTipo: documento?.tipo ?? l.documento_tipo ?? null,
    documentoId: documento?.id ?? l.documento_id ?? null,
    transferenciaId: l.transferencia_id ?? null,
    estornoDe: l.id,
  }));
}

/**
 * The rows a document (documentoTipo, documentoId) posted and nobody reversed yet, in posting order, as
 * estornosDe reads them: what undoing the document (a settlement, a cash closing, a chargeback) reverses.
 */
export async function lancadosParaEstornar(tx: Transaction, a: AutorFinanceiro, documentoTipo: string, documentoId: string): Promise<LinhaParaEstornar[]> {
  const r = await tx.execute<LinhaParaEstornar>(sql`
    select m.id, m.conta_id, to_char(m.data, 'YYYY-MM-DD') as data, m.valor::text as valor, m.plano_conta_id, m.descricao, m.pessoa_id, m.documento_tipo, m.documento_id
    from financeiro_movimento m
    where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.documento_tipo = ${documentoTipo} and m.documento_id = ${documentoId} and m.estorno_de is null
      and not exists (select 1 from financeiro_movimento e where e.grupo_empresarial_id = m.grupo_empresarial_id and e.estorno_de = m.id)
    order by m.seq`);
  return r.rows;
}

/** An account of the company as the ledger's callers read it. */
export interface ContaDaEmpresa {
  id: string;
  nome: string;
  banco: string | null;
  numeroConta: string | null;
}

/** The accounts of the company among these ids that may take movements (not in the trash), by id. */
export async function contasDaEmpresa(tx: Transaction, a: AutorFinanceiro, ids: string[]): Promise<Map<string, ContaDaEmpresa>> {
  const r = await tx.execute<{ id: string; nome: string | null; banco: string | null; numero_conta: string | null }>(sql`
    select id, dados->>'nome' as nome, dados->>'banco' as banco, dados->>'numeroConta' as numero_conta from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'financeiroConta' and empresa_id = ${a.empresa} and not lixo and id = any(${sql.param(ids)}::text[])`);
  return new Map(r.rows.map((l) => [l.id, { id: l.id, nome: l.nome ?? '', banco: l.banco, numeroConta: l.numero_conta }]));
}

/**
 * Locks the balance rows of these accounts (created at zero when missing), in id order. Taken before
 * anything is read that decides the write (e.g. whether a movement was already reversed), so a
 * concurrent writer of the same account sees this one's rows once it gets the lock.
 */
export async function travarContas(tx: Transaction, a: AutorFinanceiro, contas: string[]): Promise<void> {
  const ordenadas = [...new Set(contas)].sort();
  await tx.execute(sql`
    insert into financeiro_saldo (grupo_empresarial_id, conta_id, empresa_id)
    select ${a.grupoEmpresarial}, c, ${a.empresa} from unnest(${sql.param(ordenadas)}::text[]) as c order by c
    on conflict (grupo_empresarial_id, conta_id) do update set conta_id = excluded.conta_id`);
}

/** Appends the rows and keeps the balances, in the caller's transaction. 400 for a value or an account the ledger cannot take. */
export async function lancar(tx: Transaction, a: AutorFinanceiro, novos: readonly LancamentoNovo[]): Promise<MovimentoFinanceiro[]> {
  if (!novos.length) return [];
  for (const n of novos) {
    if (!Number.isSafeInteger(n.valor)) throw new HttpError(400, 'Valor: informe o valor em centavos inteiros.', {}, { valor: 'Informe o valor em centavos inteiros.' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(n.data)) throw new HttpError(400, 'Data: informe a data (AAAA-MM-DD).', {}, { data: 'Informe a data (AAAA-MM-DD).' });
  }
  const contas = [...new Set(novos.map((n) => n.contaId))];
  const existentes = await contasDaEmpresa(tx, a, contas);
  if (contas.some((c) => !existentes.has(c))) throw new HttpError(400, 'Conta: conta financeira não encontrada nesta empresa.', {}, { conta: 'Conta financeira não encontrada nesta empresa.' });
  await travarContas(tx, a, contas);

  const linhas = novos.map((n) => ({
    grupoEmpresarialId: a.grupoEmpresarial,
    id: newId(),
    empresaId: a.empresa,
    contaId: n.contaId,
    data: n.data,
    valor: n.valor,
    tipo: n.tipo,
    planoContaId: n.planoContaId ?? null,
    descricao: n.descricao,
    pessoaId: n.pessoaId ?? null,
    documentoTipo: n.documentoTipo ?? null,
    documentoId: n.documentoId ?? null,
    transferenciaId: n.transferenciaId ?? null,
    estornoDe: n.estornoDe ?? null,
    usuarioId: a.usuario,
  }));
  const gravadas = await tx.execute<{ id: string; registrado_em: string }>(sql`${inserirDeJson(financeiroMovimento, linhas)} returning id, registrado_em`);
  const quando = new Map(gravadas.rows.map((g) => [g.id, new Date(g.registrado_em).toISOString()]));

  const porConta = new Map<string, number>();
  // Per account and day: the net, and the realised cash flow (in, out) without opening balances and transfers.
  const porDia = new Map<string, [number, number, number]>();
  for (const l of linhas) {
    porConta.set(l.contaId, (porConta.get(l.contaId) ?? 0) + l.valor);
    const dia = `${l.contaId}|${l.data}`;
    const d = porDia.get(dia) ?? porDia.set(dia, [0, 0, 0]).get(dia)!;
    d[0] += l.valor;
    if (l.tipo !== 'saldoInicial' && !l.transferenciaId) d[l.valor > 0 ? 1 : 2] += l.valor;
  }
  const contasOrdem = [...porConta.keys()].sort();
  await tx.execute(sql`
    update financeiro_saldo s set saldo = s.saldo + v.valor, atualizado_em = now()
    from unnest(${sql.param(contasOrdem)}::text[], ${sql.param(contasOrdem.map((c) => String(porConta.get(c))))}::bigint[]) as v(conta, valor)
    where s.grupo_empresarial_id = ${a.grupoEmpresarial} and s.conta_id = v.conta`);
  const dias = [...porDia.keys()].sort();
  await tx.execute(sql`
    insert into financeiro_saldo_dia (grupo_empresarial_id, conta_id, data, valor, entradas, saidas)
    select ${a.grupoEmpresarial}, split_part(d, '|', 1), split_part(d, '|', 2)::date, v, e, s
    from unnest(${sql.param(dias)}::text[], ${sql.param(dias.map((d) => String(porDia.get(d)![0])))}::bigint[],
      ${sql.param(dias.map((d) => String(porDia.get(d)![1])))}::bigint[], ${sql.param(dias.map((d) => String(porDia.get(d)![2])))}::bigint[]) as x(d, v, e, s) order by d
    on conflict (grupo_empresarial_id, conta_id, data) do update
      set valor = financeiro_saldo_dia.valor + excluded.valor, entradas = financeiro_saldo_dia.entradas + excluded.entradas, saidas = financeiro_saldo_dia.saidas + excluded.saidas`);
  await somarNoDre(tx, a.grupoEmpresarial, { movimentos: linhas.map((l) => l.id) });

  return linhas.map((l) => ({
    _id: l.id,
    empresa: l.empresaId,
    conta: l.contaId,
    data: l.data,
    valor: l.valor,
    tipo: l.tipo,
    planoConta: l.planoContaId,
    descricao: l.descricao,
    pessoa: l.pessoaId,
    documentoTipo: l.documentoTipo,
    documentoId: l.documentoId,
    transferencia: l.transferenciaId,
    estornoDe: l.estornoDe,
    estornadoPor: null,
    usuario: l.usuarioId,
    registradoEm: quando.get(l.id)!,
  }));
}
