import { sql } from 'drizzle-orm';
import { registro } from '../../db/schema/index.ts';
import type { DefinicaoRelatorio } from '@retaguarda/domain';
import { HttpError } from '../../plugins/envelope.ts';
import { conferirFiltrosDaDefinicao } from '../../sales/relatorios/filtrosDaDefinicao.ts';
import type { HookContext, ResourceHooks } from './types.ts';

function soDoAutor({ anterior, sessao }: HookContext, acao: string) {
  if (anterior && anterior.autor !== sessao.usuario) throw new HttpError(403, `Só quem criou o relatório pode ${acao}: salve uma cópia para mudá-lo.`);
}

/**
 * A user-built report belongs to whoever created it (the session's user, never the body's). A private
 * one does not exist for the rest of the group (not listed, read, run nor found); a shared one is
 * read and run by the group, and still changed or deleted by its author only.
 */
export const relatorioCriado: ResourceHooks = {
  visivel: (s) => sql`(${registro.dados}->>'autor' = ${s.usuario} or ${registro.dados}->'compartilhado' = 'true'::jsonb)`,
  beforeValidate(body, ctx) {
    soDoAutor(ctx, 'alterá-lo');
    return { ...body, autor: ctx.anterior ? ctx.anterior.autor : ctx.sessao.usuario };
  },
  // Ids in the filters must be the group's (and companies the author's): checked again on every run.
  async beforeSave(dados, ctx) {
    await conferirFiltrosDaDefinicao(ctx.tx, ctx.sessao, dados as Pick<DefinicaoRelatorio, 'conjunto' | 'filtros'>);
  },
  beforeTrash(_registro, ctx) {
    soDoAutor(ctx, 'excluí-lo');
  },
  // Restoring has no hook before the write; refusing here rolls the transaction back.
  afterLixo(registro, ctx) {
    if (!registro.lixo) soDoAutor(ctx, 'restaurá-lo');
  },
};
