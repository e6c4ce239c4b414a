import { conferirManifestacao, EVENTO_ACEITO, manifestacaoConclusiva, montarInfEventoManifestacao, NS_NFE, rotulosCampoDfe, type TipoManifestacao } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { dfeDocumento, dfeManifestacao } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { assinarXml } from './assinatura.ts';
import type { EmpresaDfe } from './empresaDfe.ts';
import type { ChaveA1 } from './pfx.ts';

/** dhEvento in Brasília time (UTC−3, no daylight saving since 2019), as the layout wants it. */
export function dhBrasilia(d: Date): string {
  return `${new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
}

/** The signed envEvento of one manifestation (leiauteConfRecebto_v1.00). */
export function envEventoManifestacao(p: Parameters<typeof montarInfEventoManifestacao>[0], chave: ChaveA1, idLote: string): string {
  const inf = montarInfEventoManifestacao(p);
  const assinatura = assinarXml(inf.xml, inf.id, chave);
  return `<envEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${idLote}</idLote><evento xmlns="${NS_NFE}" versao="1.00">${inf.xml}${assinatura}</evento></envEvento>`;
}

export interface ResultadoManifestacao {
  id: string;
  tpEvento: TipoManifestacao;
  aceita: boolean;
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
}

/**
 * Sends a manifestation of the company on a note DF-e delivered and keeps SEFAZ's answer (accepted or not:
 * the row is the record of what was sent). A conclusive one already accepted is 409: SEFAZ allows one.
 */
export async function manifestar(
  ctx: Pick<AppContext, 'db'>,
  s: SessaoRequest,
  empresa: EmpresaDfe,
  documentoId: string,
  pedido: { tpEvento: string; justificativa?: string | null },
  agora: () => Date = () => new Date(),
): Promise<ResultadoManifestacao> {
  const erro = conferirManifestacao(pedido.tpEvento, pedido.justificativa);
  if (erro) throw new HttpError(400, `${rotulosCampoDfe[erro.campo]}: ${erro.mensagem}`, {}, { [erro.campo]: erro.mensagem });
  const tpEvento = pedido.tpEvento as TipoManifestacao;
  const doc = await withTenant(ctx.db, s, async (tx) => {
    const [doc] = await tx.select().from(dfeDocumento).where(and(eq(dfeDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeDocumento.empresaId, empresa.id), eq(dfeDocumento.id, documentoId)));
    if (!doc) throw new HttpError(404, 'Documento não encontrado nas notas baixadas desta empresa.');
    const anteriores = await tx.select().from(dfeManifestacao).where(and(eq(dfeManifestacao.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeManifestacao.empresaId, empresa.id), eq(dfeManifestacao.chave, doc.chave)));
    const aceitas = anteriores.filter((m) => EVENTO_ACEITO.has(m.cStat));
    if (aceitas.some((m) => m.tpEvento === tpEvento)) throw new HttpError(409, 'Esta manifestação já foi registrada para a nota.');
    if (manifestacaoConclusiva(tpEvento) && aceitas.some((m) => manifestacaoConclusiva(m.tpEvento as TipoManifestacao))) throw new HttpError(409, 'A nota já tem uma manifestação conclusiva registrada.');
    return doc;
  });
  const justificativa = tpEvento === '210240' ? pedido.justificativa!.trim() : null;
  const envEvento = envEventoManifestacao(
    { tpAmb: empresa.tpAmb, cnpj: empresa.cnpj, chave: doc.chave, tpEvento, nSeqEvento: 1, dhEvento: dhBrasilia(agora()), justificativa },
    empresa.chave,
    String(agora().getTime()).slice(-15),
  );
  const ret = await empresa.gateway.recepcaoEvento(envEvento);
  const id = newId();
  await withTenant(ctx.db, s, (tx) =>
    tx.insert(dfeManifestacao).values({ grupoEmpresarialId: s.grupoEmpresarial, id, empresaId: empresa.id, chave: doc.chave, tpEvento, nSeqEvento: 1, justificativa, cStat: ret.cStat, xMotivo: ret.xMotivo, protocolo: ret.protocolo, usuarioId: s.usuario, enviadaEm: agora() }),
  );
  return { id, tpEvento, aceita: EVENTO_ACEITO.has(ret.cStat), cStat: ret.cStat, xMotivo: ret.xMotivo, protocolo: ret.protocolo };
}
