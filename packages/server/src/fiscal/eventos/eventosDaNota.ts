import { descricoesEvento, eventosDoXml, type EventoNota } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { arquivo, dfeEvento, dfeManifestacao } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';

/**
 * Every event known of a note of the company: the manifestations it sent (accepted or refused, with
 * SEFAZ's cStat), the events DF-e delivered (the emitter's cancellation, a correction letter: cStat and
 * protocol read from their kept XML) and those in the note's own file (a cancellation appended to it).
 * The same registered event from two sources is listed once; oldest first.
 */
export async function eventosDaNota(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, empresaId: string, chave: string, xmlDaNota?: string | null): Promise<EventoNota[]> {
  const { enviados, baixados } = await withTenant(ctx.db, s, async (tx) => ({
    enviados: await tx
      .select()
      .from(dfeManifestacao)
      .where(and(eq(dfeManifestacao.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeManifestacao.empresaId, empresaId), eq(dfeManifestacao.chave, chave))),
    baixados: await tx
      .select({ tpEvento: dfeEvento.tpEvento, descricao: dfeEvento.descricao, dataEvento: dfeEvento.dataEvento, arquivo: arquivo.chave })
      .from(dfeEvento)
      .innerJoin(arquivo, and(eq(arquivo.grupoEmpresarialId, dfeEvento.grupoEmpresarialId), eq(arquivo.id, dfeEvento.arquivoId)))
      .where(and(eq(dfeEvento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeEvento.empresaId, empresaId), eq(dfeEvento.chave, chave))),
  }));
  const eventos: EventoNota[] = enviados.map((m) => ({
    tpEvento: m.tpEvento,
    descricao: descricoesEvento[m.tpEvento] ?? m.tpEvento,
    em: m.enviadaEm.toISOString(),
    protocolo: m.protocolo,
    cStat: m.cStat,
    xMotivo: m.xMotivo,
    origem: 'enviado',
  }));
  for (const b of baixados) {
    const bytes = await ctx.armazenamento.ler(b.arquivo);
    const [doXml] = bytes ? eventosDoXml(bytes.toString('utf8')) : [];
    eventos.push({ tpEvento: b.tpEvento, descricao: descricoesEvento[b.tpEvento] ?? b.descricao, em: b.dataEvento?.toISOString() ?? doXml?.em ?? null, protocolo: doXml?.protocolo ?? null, cStat: doXml?.cStat ?? null, xMotivo: doXml?.xMotivo ?? null, origem: 'sefaz' });
  }
  if (xmlDaNota) eventos.push(...eventosDoXml(xmlDaNota).map((e) => ({ ...e, em: e.em ? new Date(e.em).toISOString() : null })));
  const vistos = new Set<string>();
  return eventos
    .filter((e) => {
      const k = e.protocolo ? `${e.tpEvento}:${e.protocolo}` : null;
      if (!k) return true;
      if (vistos.has(k)) return false;
      vistos.add(k);
      return true;
    })
    .sort((a, b) => (a.em ?? '').localeCompare(b.em ?? ''));
}
