import type { OpcoesFiltroRelatorio } from '@retaguarda/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { registro, usuario } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { empresasDoFiltro } from './filtroVendas.ts';
import { ordemPt } from '../../db/ordemPt.ts';

/**
 * The choices of the shared report filters: terminals of the companies the user may see (with the
 * store, as two stores' "PDV 1" look alike), the group's users (who closed sales, trashed ones
 * still named) and the registered hour periods.
 */
export async function opcoesDoFiltro(db: Database, s: SessaoRequest): Promise<OpcoesFiltroRelatorio> {
  return withTenant(db, s, async (tx) => {
    const { empresas, nomes } = await empresasDoFiltro(tx, s, []);
    const doGrupo = (recurso: string) => and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, recurso), eq(registro.lixo, false));
    const terminais = empresas.length
      ? await tx
          .select({ _id: registro.id, descricao: sql<string>`coalesce(${registro.dados}->>'descricao', ${registro.id})`, empresa: registro.empresaId })
          .from(registro)
          .where(and(doGrupo('terminal'), inArray(registro.empresaId, empresas)))
          .orderBy(ordemPt(sql`coalesce(${registro.dados}->>'descricao', ${registro.id})`))
      : [];
    const operadores = await tx.select({ _id: usuario.id, nome: usuario.nome }).from(usuario).where(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial)).orderBy(asc(ordemPt(usuario.nome)));
    const periodos = await tx
      .select({ _id: registro.id, dados: registro.dados })
      .from(registro)
      .where(doGrupo('periodoPorHora'))
      .orderBy(sql`${registro.dados}->>'horaInicio'`);
    return {
      terminais: terminais.map((t) => ({ _id: t._id, descricao: t.descricao, loja: nomes.get(t.empresa ?? '') ?? '' })),
      operadores,
      periodosPorHora: periodos.map((p) => ({ _id: p._id, descricao: String(p.dados.descricao ?? ''), horaInicio: String(p.dados.horaInicio ?? ''), horaFim: String(p.dados.horaFim ?? '') })),
    };
  });
}
