import { findRecurso, ufs } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { registro } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { escopo } from '../../resources/repository.ts';
import { certificadoGuardado } from '../../registration/certificadoRoutes.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { enderecosSefaz, gatewaySefaz, type SefazGateway } from './gateway.ts';
import { abrirPfx, type ChaveA1 } from './pfx.ts';

/** What DF-e needs of the session's company: its CNPJ, the IBGE code of its UF (cUFAutor) and the gateway with its A1. */
export interface EmpresaDfe {
  id: string;
  cnpj: string;
  cUFAutor: string;
  tpAmb: '1' | '2';
  gateway: SefazGateway;
  /** The A1, opened once: the gateway's TLS and the events' signature. */
  chave: ChaveA1;
}

export async function empresaDfe(ctx: Pick<AppContext, 'db' | 'chaveSegredos'>, s: SessaoRequest): Promise<EmpresaDfe> {
  const chave = ctx.chaveSegredos();
  const { row, cert } = await withTenant(ctx.db, s, async (tx) => {
    const [row] = await tx.select().from(registro).where(and(escopo(findRecurso('empresa')!, s), eq(registro.id, s.empresa)));
    return { row, cert: row ? await certificadoGuardado(tx, chave, s.grupoEmpresarial, row.id) : null };
  });
  if (!row) throw new HttpError(404, 'Empresa da sessão não encontrada.');
  const cnpj = typeof row.dados.cnpj === 'string' ? row.dados.cnpj : '';
  if (!cnpj) throw new HttpError(409, 'Informe o CNPJ da empresa antes de baixar notas.');
  if (!cert) throw new HttpError(409, 'Envie o certificado digital A1 da empresa (Empresas → Certificado) antes de baixar ou manifestar notas.');
  const sigla = (row.dados.endereco as { uf?: string } | undefined)?.uf;
  const uf = ufs.find((u) => u.sigla === sigla);
  const a1 = abrirPfx(cert.pfx, cert.senha);
  return { id: row.id, cnpj, cUFAutor: String(uf?.codigo ?? 91), tpAmb: enderecosSefaz().tpAmb, gateway: gatewaySefaz(a1), chave: a1 };
}
