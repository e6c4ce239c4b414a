import { IbptErro, lerTabelaIbpt, ufs } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { olhoNoImposto, olhoNoImpostoVersao } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';

export type VersaoIbptRow = typeof olhoNoImpostoVersao.$inferSelect;

/**
 * Imports one IBPT table for a UF in one transaction: a bad row refuses the whole file, and importing
 * the same version again replaces it. Rows go in as one INSERT … SELECT FROM unnest(arrays): 17
 * parameters whatever the size, instead of 17 per row.
 */
export async function importarIbpt(db: Database, s: SessaoRequest, entrada: { uf: string; arquivo: string | null; bytes: Uint8Array }): Promise<VersaoIbptRow> {
  const uf = entrada.uf.trim().toUpperCase();
  if (!ufs.some((u) => u.sigla === uf)) throw new HttpError(400, `UF: escolha a UF da tabela (recebido "${entrada.uf}").`, {}, { uf: 'Escolha a UF da tabela.' });
  let tabela;
  try {
    tabela = lerTabelaIbpt(entrada.bytes);
  } catch (error) {
    if (error instanceof IbptErro) throw new HttpError(400, `Arquivo: ${error.message}`, {}, { arquivo: error.message });
    throw error;
  }
  const t = tabela;
  return withTenant(db, s, async (tx) => {
    await tx
      .delete(olhoNoImpostoVersao)
      .where(and(eq(olhoNoImpostoVersao.grupoEmpresarialId, s.grupoEmpresarial), eq(olhoNoImpostoVersao.uf, uf), eq(olhoNoImpostoVersao.versao, t.versao)));
    const [versao] = await tx
      .insert(olhoNoImpostoVersao)
      .values({
        grupoEmpresarialId: s.grupoEmpresarial,
        id: newId(),
        uf,
        versao: t.versao,
        chave: t.chave,
        fonte: t.fonte,
        vigenciaInicio: t.vigenciaInicio,
        vigenciaFim: t.vigenciaFim,
        linhas: t.linhas.length,
        ncm: t.porTipo[0],
        nbs: t.porTipo[1],
        lc116: t.porTipo[2],
        arquivo: entrada.arquivo,
        usuarioId: s.usuario,
      })
      .returning();
    // sql.param: one array parameter (a bare array would expand to one parameter per element).
    const col = <K extends keyof (typeof t.linhas)[number]>(k: K) => sql.param(t.linhas.map((l) => String(l[k])));
    await tx.execute(sql`
      insert into ${olhoNoImposto} (grupo_empresarial_id, versao_id, uf, codigo, ex, tipo, descricao, nacional_federal, importados_federal,
        estadual, municipal, vigencia_inicio, vigencia_fim, chave, versao, fonte)
      select ${s.grupoEmpresarial}, ${versao!.id}, ${uf}, * from unnest(
        ${col('codigo')}::text[], ${col('ex')}::text[], ${col('tipo')}::smallint[], ${col('descricao')}::text[],
        ${col('nacionalFederal')}::numeric[], ${col('importadosFederal')}::numeric[], ${col('estadual')}::numeric[], ${col('municipal')}::numeric[],
        ${col('vigenciaInicio')}::date[], ${col('vigenciaFim')}::date[], ${col('chave')}::text[], ${col('versao')}::text[], ${col('fonte')}::text[])`);
    return versao!;
  });
}
