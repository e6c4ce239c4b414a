import { gunzipSync } from 'node:zlib';
import { lerDocumentoDfe, nsu15, proximaConsultaDfe, type DocZip } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { dfeControle, dfeDocumento, dfeEvento } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { guardarArquivo } from '../../storage/guardarArquivo.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import type { EmpresaDfe } from './empresaDfe.ts';

/** One click downloads at most this many batches (50 documents each); the rest on the next. */
const MAX_LOTES = 20;
/** While a download runs, the company's next call is held this long (two clicks at once make one call). */
const RESERVA_MS = 5 * 60 * 1000;

export interface ResultadoDownload {
  chamadas: number;
  novos: number;
  ultNSU: string;
  maxNSU: string;
  cStat: string | null;
  xMotivo: string | null;
  /** No call before this instant (ISO), or null when more can be asked now. */
  aguardarAte: string | null;
  /** The call was not made: the hour after 137 / ultNSU = maxNSU had not passed. */
  adiado: boolean;
}

/** The XML of a docZip: base64 of gzip. */
const descompactarDocZip = (d: Pick<DocZip, 'conteudo'>): string => gunzipSync(Buffer.from(d.conteudo, 'base64')).toString('utf8');

/** Keeps one docZip (distNSU or consChNFe): a note (summary, or the full procNFe replacing it) or an event, its XML in the storage. Answers whether it was new. */
export async function guardarDocumento(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, empresaId: string, d: DocZip): Promise<boolean> {
  const xml = descompactarDocZip(d);
  const doc = lerDocumentoDfe(xml);
  if (doc.tipo === 'desconhecido' || !doc.chave) return false;
  const nome = `${doc.chave}-${doc.tipo === 'evento' ? `${doc.tpEvento}-${d.nsu}` : doc.tipo}.xml`;
  return guardarArquivo(ctx, s, { nome, tipo: 'application/xml', bytes: Buffer.from(xml, 'utf8') }, async (tx, arquivo) => {
    const base = { grupoEmpresarialId: s.grupoEmpresarial, empresaId, chave: doc.chave, nsu: d.nsu, arquivoId: arquivo.id };
    if (doc.tipo === 'evento') {
      const r = await tx.insert(dfeEvento).values({ ...base, tpEvento: doc.tpEvento, descricao: doc.descricao, dataEvento: doc.dataEvento ? new Date(doc.dataEvento) : null }).onConflictDoNothing().returning({ id: dfeEvento.id });
      if (!r.length) arquivo.descartar();
      return r.length > 0;
    }
    const valores = {
      ...base,
      conteudo: doc.tipo === 'procNFe' ? 'completo' : 'resumo',
      emitenteDocumento: doc.emitenteDocumento,
      emitenteNome: doc.emitenteNome,
      emissao: new Date(doc.emissao),
      valor: doc.valor,
      situacaoNfe: doc.tipo === 'resNFe' ? doc.situacaoNfe : '1',
      protocolo: doc.protocolo,
    };
    const [atual] = await tx.select().from(dfeDocumento).where(and(eq(dfeDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeDocumento.empresaId, empresaId), eq(dfeDocumento.chave, doc.chave))).for('update');
    if (!atual) {
      await tx.insert(dfeDocumento).values(valores);
      return true;
    }
    // A summary never replaces the full XML; the full XML replaces the summary (a cancelled summary keeps its situation).
    if (atual.conteudo === 'completo' && doc.tipo === 'resNFe') {
      if (doc.situacaoNfe !== atual.situacaoNfe) await tx.update(dfeDocumento).set({ situacaoNfe: doc.situacaoNfe }).where(and(eq(dfeDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeDocumento.id, atual.id)));
      arquivo.descartar();
      return false;
    }
    await tx
      .update(dfeDocumento)
      .set({ ...valores, situacaoNfe: doc.tipo === 'procNFe' ? atual.situacaoNfe : valores.situacaoNfe, version: sql`${dfeDocumento.version} + 1` })
      .where(and(eq(dfeDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeDocumento.id, atual.id)));
    return atual.conteudo !== valores.conteudo;
  });
}

/**
 * Downloads what SEFAZ has for the company, following NT 2014.002 (DOMAIN.md §2): always from the kept
 * ultNSU, continuing while cStat 138 and ultNSU < maxNSU, and after 137 or ultNSU = maxNSU no call for
 * an hour (kept in dfe_controle, so a restart or another server respects it too). NSU gaps (documents of
 * other recipients) need nothing: the next call starts from the returned ultNSU. ultNSU is saved only
 * after the batch's documents are kept, so a failure repeats the batch instead of losing it.
 */
export async function baixarDocumentos(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, empresa: EmpresaDfe, agora: () => Date = () => new Date()): Promise<ResultadoDownload> {
  const onde = and(eq(dfeControle.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeControle.id, empresa.id));
  const reserva = await withTenant(ctx.db, s, async (tx) => {
    await tx.insert(dfeControle).values({ grupoEmpresarialId: s.grupoEmpresarial, id: empresa.id }).onConflictDoNothing();
    const [c] = await tx.select().from(dfeControle).where(onde).for('update');
    if (c!.proximaConsulta && c!.proximaConsulta > agora()) return { adiado: true as const, controle: c! };
    await tx.update(dfeControle).set({ proximaConsulta: new Date(agora().getTime() + RESERVA_MS) }).where(onde);
    return { adiado: false as const, controle: c! };
  });
  const c = reserva.controle;
  const resultado: ResultadoDownload = { chamadas: 0, novos: 0, ultNSU: c.ultNsu, maxNSU: c.maxNsu, cStat: c.ultimoCStat, xMotivo: c.ultimoMotivo, aguardarAte: c.proximaConsulta?.toISOString() ?? null, adiado: reserva.adiado };
  if (reserva.adiado) return resultado;
  let aguardarAte: Date | null = null;
  try {
    for (let lote = 0; lote < MAX_LOTES; lote++) {
      const ret = await empresa.gateway.distribuicaoDFe({ tpAmb: empresa.tpAmb, cUFAutor: empresa.cUFAutor, cnpj: empresa.cnpj, consulta: { ultNSU: resultado.ultNSU } });
      resultado.chamadas++;
      if (ret.cStat === '138') for (const d of ret.documentos) if (await guardarDocumento(ctx, s, empresa.id, d)) resultado.novos++;
      const proxima = proximaConsultaDfe(ret, agora());
      aguardarAte = proxima.aguardarAte;
      // 656 answers with the ultNSU SEFAZ has for the CNPJ too; any other rejection keeps ours.
      if (['137', '138', '656'].includes(ret.cStat) && ret.ultNSU !== nsu15(0)) resultado.ultNSU = ret.ultNSU > resultado.ultNSU ? ret.ultNSU : resultado.ultNSU;
      resultado.maxNSU = ret.maxNSU;
      resultado.cStat = ret.cStat;
      resultado.xMotivo = ret.xMotivo;
      await withTenant(ctx.db, s, (tx) =>
        tx.update(dfeControle).set({ ultNsu: resultado.ultNSU, maxNsu: ret.maxNSU, ultimaConsulta: agora(), ultimoCStat: ret.cStat, ultimoMotivo: ret.xMotivo, proximaConsulta: aguardarAte ?? new Date(agora().getTime() + RESERVA_MS) }).where(onde),
      );
      // Any other answer (e.g. 589 NSU too high) also stops and waits the hour: proximaConsultaDfe continues only on 138.
      if (!proxima.continuar) break;
    }
  } finally {
    // Whatever happened (SEFAZ down included), the reservation goes: the hour rule when it applies, else free now.
    await withTenant(ctx.db, s, (tx) => tx.update(dfeControle).set({ proximaConsulta: aguardarAte }).where(onde));
  }
  resultado.aguardarAte = aguardarAte?.toISOString() ?? null;
  return resultado;
}
