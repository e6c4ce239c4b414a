import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { Armazenamento } from './armazenamento.ts';
import { agendarTarefa } from '../tarefaPeriodica.ts';

/** A file nobody references is kept this long: a form may hold an uploaded image a long while before saving. */
export const CARENCIA_ARQUIVO_MS = 24 * 60 * 60 * 1000;
/** How often each server process sweeps (several processes may: each file is removed by one). */
export const INTERVALO_LIMPEZA_MS = 60 * 60 * 1000;
/** First sweep after start, so a restart loop does not sweep on every start. */
const PRIMEIRA_LIMPEZA_MS = 5 * 60 * 1000;

/**
 * Removes the uploaded files older than the grace period that no record mentions: not registro (any
 * field, trash included, published menus included: every string value is looked at, so a new field
 * that keeps a file id needs no change here) nor the undo history of bulk product edits nor a título's attachments nor an NF-e entry's XML nor a DF-e download nor an export zip before it expires. As the
 * owner (every group). The rows go in one statement; the bytes after it, only for the rows this
 * process deleted. Answers how many files were removed.
 */
export async function removerArquivosSemReferencia(db: Database, armazenamento: Armazenamento, agora: Date = new Date()): Promise<number> {
  const limite = new Date(agora.getTime() - CARENCIA_ARQUIVO_MS);
  const removidos = await db.execute<{ chave: string }>(sql`
    with candidatos as (
      select grupo_empresarial_id, id from arquivo where created_at < ${limite.toISOString()}::timestamptz
    ), grupos as (
      select distinct grupo_empresarial_id from candidatos
    ), referencias as (
      select r.grupo_empresarial_id, v #>> '{}' as id
        from registro r cross join lateral jsonb_path_query(r.dados, 'strict $.**') v
       where r.grupo_empresarial_id in (select grupo_empresarial_id from grupos) and jsonb_typeof(v) = 'string'
      union
      select l.grupo_empresarial_id, v #>> '{}'
        from correcao_produtos_lote l cross join lateral jsonb_path_query(jsonb_build_array(l.edicao, l.itens), 'strict $.**') v
       where l.grupo_empresarial_id in (select grupo_empresarial_id from grupos) and jsonb_typeof(v) = 'string'
      union
      select t.grupo_empresarial_id, unnest(t.anexos)
        from financeiro_titulo t
       where t.grupo_empresarial_id in (select grupo_empresarial_id from grupos) and cardinality(t.anexos) > 0
      union
      -- The supplier NF-e XMLs of entradaNotaFiscal: legal documents, kept for as long as their entry.
      select e.grupo_empresarial_id, e.arquivo_id
        from entrada_nota_fiscal e
       where e.grupo_empresarial_id in (select grupo_empresarial_id from grupos)
      union
      -- The notes and events DF-e delivered (baixarNotas): the same legal documents, downloaded.
      select d.grupo_empresarial_id, d.arquivo_id
        from dfe_documento d
       where d.grupo_empresarial_id in (select grupo_empresarial_id from grupos)
      union
      select v.grupo_empresarial_id, v.arquivo_id
        from dfe_evento v
       where v.grupo_empresarial_id in (select grupo_empresarial_id from grupos)
      union
      -- The events the company sent on the notes it issued (cancellation, correction letter): legal documents too.
      select n.grupo_empresarial_id, n.arquivo_id
        from nota_fiscal_evento n
       where n.grupo_empresarial_id in (select grupo_empresarial_id from grupos) and n.arquivo_id is not null
      union
      -- The files of WhatsApp conversations (received and downloaded, or sent from the reply box).
      select m.grupo_empresarial_id, m.midia->>'arquivo'
        from whatsapp_mensagem m
       where m.grupo_empresarial_id in (select grupo_empresarial_id from grupos) and m.midia->>'arquivo' is not null
      union
      -- The accountant's export zips (exportarDados): kept until they expire, then swept like any unreferenced file.
      select x.grupo_empresarial_id, x.arquivo_id
        from exportacao_fiscal x
       where x.grupo_empresarial_id in (select grupo_empresarial_id from grupos) and x.arquivo_id is not null
         and x.expira_em > ${agora.toISOString()}::timestamptz
    )
    delete from arquivo a
     using candidatos c
     where a.grupo_empresarial_id = c.grupo_empresarial_id and a.id = c.id
       and not exists (select 1 from referencias ref where ref.grupo_empresarial_id = c.grupo_empresarial_id and ref.id = c.id)
    returning a.chave`);
  for (const { chave } of removidos.rows) await armazenamento.remover(chave);
  return removidos.rows.length;
}

/** Sweeps every INTERVALO_LIMPEZA_MS while the server runs; a failed sweep is logged and tried again next time. */
export function agendarLimpezaDeArquivos(app: FastifyInstance, ctx: AppContext): void {
  agendarTarefa(app, { primeiraMs: PRIMEIRA_LIMPEZA_MS, intervaloMs: INTERVALO_LIMPEZA_MS, falha: 'Falha ao remover arquivos sem referência' }, async () => {
    const n = await removerArquivosSemReferencia(ctx.db, ctx.armazenamento);
    if (n) app.log.info(`${n} arquivo(s) sem referência removido(s).`);
  });
}
