import type { HistoricoDocumentoFiscal, StatusResumoFiscal } from '@retaguarda/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { venda, vendaDocumentoSituacao } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { empresasDoFiltro } from './filtroVendas.ts';
import { documentoDaVenda } from './relatorioResumoFiscal.ts';

/**
 * The history of one sale's NFC-e/NF-e, for the fiscal summary: the status it arrived with, then each
 * change in the order it was recorded. Only a sale of a company the user may see; any other is not found.
 */
export async function historicoDocumento(db: Database, s: SessaoRequest, vendaId: string): Promise<HistoricoDocumentoFiscal> {
  return withTenant(db, s, async (tx) => {
    const { empresas, nomes } = await empresasDoFiltro(tx, s, []);
    const [v] = await tx
      .select({ ...documentoDaVenda, status: venda.documentoStatus, vendaCancelada: venda.cancelada })
      .from(venda)
      .where(and(eq(venda.grupoEmpresarialId, s.grupoEmpresarial), eq(venda.id, vendaId), inArray(venda.empresaId, empresas)));
    if (!v?.status) throw new HttpError(404, `Documento fiscal não encontrado: ${vendaId}.`);
    const mudancas = await tx
      .select()
      .from(vendaDocumentoSituacao)
      .where(and(eq(vendaDocumentoSituacao.grupoEmpresarialId, s.grupoEmpresarial), eq(vendaDocumentoSituacao.vendaId, v.venda)))
      .orderBy(asc(vendaDocumentoSituacao.registradoEm), asc(vendaDocumentoSituacao.id));
    const { empresa, fechadoEm, status, ...documento } = v;
    // What the terminal sent with the sale is what the first change started from.
    const inicial = (mudancas[0]?.anterior ?? status) as StatusResumoFiscal;
    return {
      documento: { ...documento, modelo: documento.modelo ?? '65', loja: nomes.get(empresa) ?? empresa, status: status as StatusResumoFiscal, fechadoEm: fechadoEm.toISOString() },
      historico: [
        { status: inicial, em: fechadoEm.toISOString(), origem: 'venda' as const, protocolo: null, codigo: null, motivo: null },
        ...mudancas.map((m) => ({
          status: m.status as StatusResumoFiscal,
          em: m.em.toISOString(),
          origem: m.origem as 'documentoFiscal' | 'cancelamento',
          protocolo: m.protocolo,
          codigo: m.codigo,
          motivo: m.motivo,
        })),
      ],
    };
  });
}
