import { CONSULTAS_CHAVE_POR_HORA, ESPERA_DFE_MS } from '@retaguarda/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { dfeConsultaChave, dfeControle, dfeDocumento } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { guardarDocumento } from './distribuicao.ts';
import type { EmpresaDfe } from './empresaDfe.ts';

export interface ResultadoConsultaChave {
  encontrado: boolean;
  cStat: string;
  xMotivo: string;
  /** The note's row in baixarNotas when SEFAZ delivered it (new or already here). */
  documento: string | null;
  /** resumo or completo: what SEFAZ had for the company. */
  conteudo: string | null;
  /** How many more consChNFe the company may ask this hour. */
  restantes: number;
}

const horaBr = (d: Date) => d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });

/**
 * One note by its access key (NFeDistribuicaoDFe consChNFe): a note the NSU sequence no longer brings
 * (older than the kept ultNSU, or missed). It never moves the kept ultNSU. SEFAZ allows 20 an hour per
 * CNPJ: the attempt is recorded before the call, under the company's dfe_controle row lock, so two clicks
 * cannot make the 21st; a 656 blocks the company's DF-e calls for the hour as SEFAZ does.
 */
export async function baixarPorChave(ctx: Pick<AppContext, 'db' | 'armazenamento'>, s: SessaoRequest, empresa: EmpresaDfe, chave: string, agora: () => Date = () => new Date()): Promise<ResultadoConsultaChave> {
  const id = newId();
  const restantes = await withTenant(ctx.db, s, async (tx) => {
    const onde = and(eq(dfeControle.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeControle.id, empresa.id));
    await tx.insert(dfeControle).values({ grupoEmpresarialId: s.grupoEmpresarial, id: empresa.id }).onConflictDoNothing();
    const [c] = await tx.select().from(dfeControle).where(onde).for('update');
    if (c!.ultimoCStat === '656' && c!.proximaConsulta && c!.proximaConsulta > agora()) {
      throw new HttpError(409, `A SEFAZ bloqueou as consultas do CNPJ por consumo indevido (656): tente depois das ${horaBr(c!.proximaConsulta)}.`);
    }
    const desde = new Date(agora().getTime() - ESPERA_DFE_MS);
    const feitas = await tx
      .select({ em: dfeConsultaChave.consultadaEm })
      .from(dfeConsultaChave)
      .where(and(eq(dfeConsultaChave.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeConsultaChave.empresaId, empresa.id), gt(dfeConsultaChave.consultadaEm, desde)))
      .orderBy(dfeConsultaChave.consultadaEm);
    if (feitas.length >= CONSULTAS_CHAVE_POR_HORA) {
      const libera = new Date(feitas[feitas.length - CONSULTAS_CHAVE_POR_HORA]!.em.getTime() + ESPERA_DFE_MS);
      throw new HttpError(429, `A SEFAZ permite ${CONSULTAS_CHAVE_POR_HORA} consultas por chave por hora e a empresa já fez ${feitas.length}: tente depois das ${horaBr(libera)}.`, { 'retry-after': String(Math.ceil((libera.getTime() - agora().getTime()) / 1000)) });
    }
    await tx.insert(dfeConsultaChave).values({ grupoEmpresarialId: s.grupoEmpresarial, id, empresaId: empresa.id, chave, usuarioId: s.usuario, consultadaEm: agora() });
    return CONSULTAS_CHAVE_POR_HORA - feitas.length - 1;
  });

  const ret = await empresa.gateway.distribuicaoDFe({ tpAmb: empresa.tpAmb, cUFAutor: empresa.cUFAutor, cnpj: empresa.cnpj, consulta: { chNFe: chave } });
  if (ret.cStat === '138') for (const d of ret.documentos) await guardarDocumento(ctx, s, empresa.id, d);
  return withTenant(ctx.db, s, async (tx) => {
    await tx.update(dfeConsultaChave).set({ cStat: ret.cStat, xMotivo: ret.xMotivo }).where(and(eq(dfeConsultaChave.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeConsultaChave.id, id)));
    if (ret.cStat === '656') {
      await tx
        .update(dfeControle)
        .set({ ultimoCStat: ret.cStat, ultimoMotivo: ret.xMotivo, proximaConsulta: new Date(agora().getTime() + ESPERA_DFE_MS), ultimaConsulta: agora() })
        .where(and(eq(dfeControle.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeControle.id, empresa.id)));
    }
    const [doc] = await tx
      .select({ id: dfeDocumento.id, conteudo: dfeDocumento.conteudo })
      .from(dfeDocumento)
      .where(and(eq(dfeDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeDocumento.empresaId, empresa.id), eq(dfeDocumento.chave, chave)));
    const encontrado = ret.cStat === '138' && !!doc;
    return { encontrado, cStat: ret.cStat, xMotivo: ret.xMotivo, documento: encontrado ? doc!.id : null, conteudo: encontrado ? doc!.conteudo : null, restantes: Math.max(0, restantes) };
  });
}
