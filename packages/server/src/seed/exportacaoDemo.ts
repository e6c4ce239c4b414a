import { somarDias } from '@retaguarda/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { empresa, exportacaoFiscal } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { gerarExportacao } from '../fiscal/exportarDados/gerar.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import type { Armazenamento } from '../storage/armazenamento.ts';

/**
 * exportarDados of the demonstration: one finished export of the last 30 days up to yesterday for every
 * store (the demo's supplier notes are recent, so it holds them), built by the same job as the screen's,
 * ready to download. Once: a group with any export is left alone. After the entries and DF-e demos.
 */
export async function prepararExportacaoDemo(db: Database, armazenamento: Armazenamento, s: SessaoRequest, hoje: string): Promise<void> {
  const grupo = s.grupoEmpresarial;
  const id = await withTenant(db, s, async (tx) => {
    const ja = await tx.select({ id: exportacaoFiscal.id }).from(exportacaoFiscal).where(eq(exportacaoFiscal.grupoEmpresarialId, grupo)).limit(1);
    if (ja.length) return null;
    const lojas = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.lixo, false)).orderBy(empresa.createdAt, empresa.id);
    if (!lojas.length) return null;
    const [x] = await tx
      .insert(exportacaoFiscal)
      .values({ grupoEmpresarialId: grupo, empresas: lojas.map((l) => l.id), inicio: somarDias(hoje, -30), fim: somarDias(hoje, -1), eventos: true, situacao: 'processando', usuarioId: s.usuario })
      .returning({ id: exportacaoFiscal.id });
    return x!.id;
  });
  if (id) await gerarExportacao({ db, armazenamento, config: { appUrl: '' } }, grupo, id);
}
