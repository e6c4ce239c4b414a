import type { RegraConciliacaoBody, RegraConciliacaoSalva } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { conferirReferencias } from '../movimentacao.ts';
import type { AutorFinanceiro } from '../razao.ts';

/** The group's saved reconciliation rules (memo contains → chart account), oldest first: the order they are tried. */
export async function listarRegras(tx: Transaction, a: AutorFinanceiro): Promise<RegraConciliacaoSalva[]> {
  const r = await tx.execute<{ id: string; texto: string; conta_id: string | null; sinal: 'credito' | 'debito' | null; plano_conta_id: string; descricao: string | null; plano_nome: string | null; conta_nome: string | null }>(sql`
    select r.id, r.texto, r.conta_id, r.sinal, r.plano_conta_id, r.descricao,
      pc.dados->>'codigo' || ' ' || (pc.dados->>'nome') as plano_nome, c.dados->>'nome' as conta_nome
    from financeiro_conciliacao_regra r
    left join registro pc on pc.grupo_empresarial_id = r.grupo_empresarial_id and pc.id = r.plano_conta_id
    left join registro c on c.grupo_empresarial_id = r.grupo_empresarial_id and c.id = r.conta_id
    where r.grupo_empresarial_id = ${a.grupoEmpresarial} order by r.criado_em, r.id`);
  return r.rows.map((x) => ({ _id: x.id, texto: x.texto, conta: x.conta_id, sinal: x.sinal, planoConta: x.plano_conta_id, descricao: x.descricao, planoContaNome: x.plano_nome, contaNome: x.conta_nome }));
}

export async function criarRegra(tx: Transaction, a: AutorFinanceiro, regra: RegraConciliacaoBody): Promise<RegraConciliacaoSalva> {
  await conferirReferencias(tx, a, [
    { campo: 'planoConta', recurso: 'financeiroPlanoConta', id: regra.planoConta },
    { campo: 'conta', recurso: 'financeiroConta', id: regra.conta },
  ]);
  const id = newId();
  await tx.execute(sql`
    insert into financeiro_conciliacao_regra (grupo_empresarial_id, id, texto, conta_id, sinal, plano_conta_id, descricao, usuario_id)
    values (${a.grupoEmpresarial}, ${id}, ${regra.texto}, ${regra.conta}, ${regra.sinal}, ${regra.planoConta}, ${regra.descricao}, ${a.usuario})`);
  return (await listarRegras(tx, a)).find((r) => r._id === id)!;
}

/** Removes a rule (the matches it made stay). 404 for another group's or a removed one. */
export async function removerRegra(tx: Transaction, a: AutorFinanceiro, id: string): Promise<void> {
  const r = await tx.execute(sql`delete from financeiro_conciliacao_regra where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${id} returning 1`);
  if (!r.rows.length) throw new HttpError(404, 'Regra não encontrada.');
}
