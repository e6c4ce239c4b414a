import { dataBr, temEstornoProprio } from '@retaguarda/domain';
import type { DocumentoComEstornoProprio, FiltroMovimentacao, Movimentacao, MovimentoFinanceiro, MovimentoFinanceiroBody, SaldoConta, TransferenciaFinanceiraBody } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import { recusarNomeando } from '../resources/validacao.ts';
import { FUSO } from '../sales/relatorios/periodo.ts';
import { estornosDe, lancar, travarContas, type AutorFinanceiro } from './razao.ts';

/** Movements typed on financeiroMovimentacao: entrada/saída, transfer, reversal; and what the screen reads. */

const rotulos: Record<string, string> = { conta: 'Conta', origem: 'Conta de origem', destino: 'Conta de destino', planoConta: 'Plano de contas', pessoa: 'Pessoa' };

/**
 * 400 naming the first reference that is not a live record of the tenant (accounts: of the active
 * company); otherwise the names of the records, by id.
 */
export async function conferirReferencias(tx: Transaction, a: AutorFinanceiro, refs: { campo: string; recurso: 'financeiroConta' | 'financeiroPlanoConta' | 'pessoa'; id: string | null }[]): Promise<Map<string, string>> {
  const ids = refs.filter((r) => r.id).map((r) => r.id!);
  const achados = await tx.execute<{ id: string; recurso: string; nome: string | null }>(sql`
    select id, recurso, dados->>'nome' as nome from registro
    where grupo_empresarial_id = ${a.grupoEmpresarial} and not lixo and id = any(${sql.param(ids)}::text[])
      and (recurso in ('financeiroPlanoConta', 'pessoa') or (recurso = 'financeiroConta' and empresa_id = ${a.empresa}))`);
  const ok = new Set(achados.rows.map((r) => `${r.recurso}|${r.id}`));
  const mensagens: Record<string, string> = {
    financeiroConta: 'Conta financeira não encontrada nesta empresa.',
    financeiroPlanoConta: 'Conta do plano de contas não encontrada.',
    pessoa: 'Pessoa não encontrada.',
  };
  const campos: Record<string, string> = {};
  for (const r of refs) if (r.id && !ok.has(`${r.recurso}|${r.id}`)) campos[r.campo] = mensagens[r.recurso]!;
  if (Object.keys(campos).length) recusarNomeando(campos, (c) => rotulos[c] ?? c);
  return new Map(achados.rows.map((r) => [r.id, r.nome ?? '']));
}

export async function registrarMovimento(tx: Transaction, a: AutorFinanceiro, m: MovimentoFinanceiroBody): Promise<MovimentoFinanceiro> {
  await conferirReferencias(tx, a, [
    { campo: 'conta', recurso: 'financeiroConta', id: m.conta },
    { campo: 'planoConta', recurso: 'financeiroPlanoConta', id: m.planoConta },
    { campo: 'pessoa', recurso: 'pessoa', id: m.pessoa },
  ]);
  const [linha] = await lancar(tx, a, [
    { contaId: m.conta, data: m.data, valor: m.tipo === 'entrada' ? m.valor : -m.valor, tipo: m.tipo, planoContaId: m.planoConta, descricao: m.descricao, pessoaId: m.pessoa, documentoTipo: 'financeiroMovimentacao' },
  ]);
  return linha!;
}

/** Out of one account and into the other, same date and value, one transaction; both rows share the transfer's id. */
export async function transferir(tx: Transaction, a: AutorFinanceiro, t: TransferenciaFinanceiraBody): Promise<MovimentoFinanceiro[]> {
  const nomes = await conferirReferencias(tx, a, [
    { campo: 'origem', recurso: 'financeiroConta', id: t.origem },
    { campo: 'destino', recurso: 'financeiroConta', id: t.destino },
  ]);
  const transferenciaId = newId();
  const descricao = t.descricao || `Transferência ${nomes.get(t.origem)} → ${nomes.get(t.destino)}`;
  const comum = { data: t.data, tipo: 'transferencia' as const, descricao, transferenciaId, documentoTipo: 'financeiroMovimentacao' };
  return lancar(tx, a, [
    { ...comum, contaId: t.origem, valor: -t.valor },
    { ...comum, contaId: t.destino, valor: t.valor },
  ]);
}

type LinhaRazao = { id: string; conta_id: string; data: string; valor: string; tipo: string; descricao: string; plano_conta_id: string | null; pessoa_id: string | null; transferencia_id: string | null; documento_tipo: string | null; documento_id: string | null };

/** Where a document's own rows are reversed (domain's documentosComEstornoProprio): the 409's words. */
const estornoPeloDocumento: Record<DocumentoComEstornoProprio, string> = {
  financeiroBaixa: 'Este movimento é a baixa de um título: estorne a baixa na agenda financeira.',
  chargeback: 'Este movimento é o débito de um chargeback: estorne-o pelo chargeback, no calendário de recebimentos.',
  chargebackDescontado: 'Este movimento registra um chargeback descontado pela adquirente de um repasse conciliado no extrato: ele acompanha o repasse e não se estorna à parte.',
  conciliacaoCaixa: 'Este movimento é o lançamento de um fechamento de caixa aprovado (Conciliação de caixa) e não se estorna por aqui: um gerente reabre o fechamento lá.',
};

/**
 * Reverses a movement with opposite rows on the same dates (a transfer: both of its rows), so every
 * balance and report nets to zero; the original rows stay. Reversing twice, or a reversal, is 409.
 */
export async function estornar(tx: Transaction, a: AutorFinanceiro, id: string, motivo: string, opcoes: { permitirSaldoInicial?: boolean } = {}): Promise<MovimentoFinanceiro[]> {
  const [alvo] = (
    await tx.execute<LinhaRazao>(sql`
      select id, conta_id, data::text as data, valor::text as valor, tipo, descricao, plano_conta_id, pessoa_id, transferencia_id, documento_tipo, documento_id
      from financeiro_movimento where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and id = ${id}`)
  ).rows;
  if (!alvo) throw new HttpError(404, 'Movimento não encontrado.');
  if (alvo.tipo === 'estorno') throw new HttpError(409, 'Um estorno não pode ser estornado: lance o movimento de novo.');
  if (temEstornoProprio(alvo.documento_tipo)) throw new HttpError(409, estornoPeloDocumento[alvo.documento_tipo]);
  if (alvo.tipo === 'saldoInicial' && !opcoes.permitirSaldoInicial) throw new HttpError(409, 'O saldo inicial se altera no cadastro da conta financeira.');
  const linhas = alvo.transferencia_id
    ? (
        await tx.execute<LinhaRazao>(sql`
          select id, conta_id, data::text as data, valor::text as valor, tipo, descricao, plano_conta_id, pessoa_id, transferencia_id, documento_tipo, documento_id
          from financeiro_movimento where grupo_empresarial_id = ${a.grupoEmpresarial} and transferencia_id = ${alvo.transferencia_id} and estorno_de is null order by seq`)
      ).rows
    : [alvo];
  // The lock first, then the check: a concurrent reversal of the same movement is seen once it committed.
  await travarContas(tx, a, linhas.map((l) => l.conta_id));
  const [ja] = (
    await tx.execute<{ registrado_em: string }>(sql`
      select ((registrado_em at time zone ${FUSO})::date)::text as registrado_em from financeiro_movimento
      where grupo_empresarial_id = ${a.grupoEmpresarial} and estorno_de = any(${sql.param(linhas.map((l) => l.id))}::text[]) limit 1`)
  ).rows;
  if (ja) throw new HttpError(409, `Este movimento já foi estornado em ${dataBr(ja.registrado_em)}.`);
  return lancar(tx, a, estornosDe(linhas, motivo));
}

/** The company's movements of a period, filtered; with one account, its running balance. */
export async function listarMovimentacao(tx: Transaction, a: AutorFinanceiro, f: FiltroMovimentacao): Promise<Movimentacao> {
  const limite = f.limite ?? 500;
  const offset = f.offset ?? 0;
  const busca = f.busca ? `%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const base = sql`
    select m.*, sum(m.valor) over (partition by m.conta_id order by m.data, m.seq) as acumulado
    from financeiro_movimento m
    where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.empresa_id = ${a.empresa} and m.data between ${f.de}::date and ${f.ate}::date
      ${f.conta ? sql`and m.conta_id = ${f.conta}` : sql``}`;
  const filtros = sql`
    ${f.planoConta ? sql`and b.plano_conta_id = ${f.planoConta}` : sql``}
    ${f.tipo ? sql`and b.tipo = ${f.tipo}` : sql``}
    ${busca ? sql`and (b.descricao ilike ${busca} or c.dados->>'nome' ilike ${busca} or p.dados->>'nome' ilike ${busca} or pc.dados->>'nome' ilike ${busca})` : sql``}`;
  const juncoes = sql`
    join registro c on c.grupo_empresarial_id = b.grupo_empresarial_id and c.id = b.conta_id
    left join registro pc on pc.grupo_empresarial_id = b.grupo_empresarial_id and pc.id = b.plano_conta_id
    left join registro p on p.grupo_empresarial_id = b.grupo_empresarial_id and p.id = b.pessoa_id`;
  const r = await tx.execute<Record<string, string | null> & { [k: string]: string | null }>(sql`
    with b as (${base})
    select b.id, b.empresa_id, b.conta_id, b.data::text as data, b.valor::text as valor, b.tipo, b.plano_conta_id, b.descricao, b.pessoa_id, b.documento_tipo, b.documento_id,
      b.transferencia_id, b.estorno_de, b.usuario_id, b.registrado_em, b.acumulado::text as acumulado,
      c.dados->>'nome' as conta_nome, pc.dados->>'codigo' || ' ' || (pc.dados->>'nome') as plano_nome, p.dados->>'nome' as pessoa_nome,
      (select e.id from financeiro_movimento e where e.grupo_empresarial_id = b.grupo_empresarial_id and e.estorno_de = b.id) as estornado_por
    from b ${juncoes}
    where true ${filtros}
    order by b.data, b.seq
    limit ${limite} offset ${offset}`);
  const [totais] = (
    await tx.execute<{ total: string; entradas: string; saidas: string }>(sql`
      with b as (${base})
      select count(*)::text as total, coalesce(sum(b.valor) filter (where b.valor > 0), 0)::text as entradas, coalesce(-sum(b.valor) filter (where b.valor < 0), 0)::text as saidas
      from b ${juncoes} where true ${filtros}`)
  ).rows;
  let saldoAnterior: number | null = null;
  let saldoFinal: number | null = null;
  if (f.conta) {
    const [s] = (
      await tx.execute<{ antes: string; fim: string }>(sql`
        select coalesce(sum(valor) filter (where data < ${f.de}::date), 0)::text as antes, coalesce(sum(valor) filter (where data <= ${f.ate}::date), 0)::text as fim
        from financeiro_saldo_dia where grupo_empresarial_id = ${a.grupoEmpresarial} and conta_id = ${f.conta}`)
    ).rows;
    saldoAnterior = Number(s!.antes);
    saldoFinal = Number(s!.fim);
  }
  return {
    linhas: r.rows.map((l) => ({
      _id: l.id!,
      empresa: l.empresa_id!,
      conta: l.conta_id!,
      contaNome: l.conta_nome ?? '',
      data: l.data!,
      valor: Number(l.valor),
      tipo: l.tipo as MovimentoFinanceiro['tipo'],
      planoConta: l.plano_conta_id ?? null,
      planoContaNome: l.plano_nome ?? null,
      descricao: l.descricao!,
      pessoa: l.pessoa_id ?? null,
      pessoaNome: l.pessoa_nome ?? null,
      documentoTipo: l.documento_tipo ?? null,
      documentoId: l.documento_id ?? null,
      transferencia: l.transferencia_id ?? null,
      estornoDe: l.estorno_de ?? null,
      estornadoPor: l.estornado_por ?? null,
      usuario: l.usuario_id ?? null,
      registradoEm: new Date(l.registrado_em!).toISOString(),
      saldo: f.conta ? saldoAnterior! + Number(l.acumulado) : null,
    })),
    total: Number(totais!.total),
    entradas: Number(totais!.entradas),
    saidas: Number(totais!.saidas),
    saldoAnterior,
    saldoFinal,
  };
}

/** Every account of the company with its kept balance and its balance on a date. */
export async function saldosDasContas(tx: Transaction, a: AutorFinanceiro, data: string): Promise<SaldoConta[]> {
  const r = await tx.execute<{ id: string; nome: string; tipo: string; ativo: boolean; saldo: string; na_data: string }>(sql`
    select c.id, c.dados->>'nome' as nome, c.dados->>'tipo' as tipo, coalesce((c.dados->>'ativo')::boolean, true) as ativo,
      coalesce(s.saldo, 0)::text as saldo,
      coalesce((select sum(d.valor) from financeiro_saldo_dia d where d.grupo_empresarial_id = c.grupo_empresarial_id and d.conta_id = c.id and d.data <= ${data}::date), 0)::text as na_data
    from registro c
    left join financeiro_saldo s on s.grupo_empresarial_id = c.grupo_empresarial_id and s.conta_id = c.id
    where c.grupo_empresarial_id = ${a.grupoEmpresarial} and c.recurso = 'financeiroConta' and c.empresa_id = ${a.empresa} and not c.lixo
    order by c.dados->>'nome'`);
  return r.rows.map((l) => ({ conta: l.id, nome: l.nome, tipo: l.tipo, ativo: l.ativo, saldo: Number(l.saldo), saldoNaData: Number(l.na_data) }));
}
