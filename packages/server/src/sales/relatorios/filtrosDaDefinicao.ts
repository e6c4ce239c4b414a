import { conjuntoDeDados, findRecurso, type DefinicaoRelatorio } from '@retaguarda/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { registro } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { empresasDoFiltro } from './filtroVendas.ts';

const recusar = (mensagem: string): never => {
  throw new HttpError(400, `Filtros: ${mensagem}`, {}, { filtros: mensagem });
};

/**
 * A user-built report's filters on records (terminal, produto, operador…) and on companies hold
 * ids: each must be a record of that register in the session's group, and each company one the user
 * may see. Otherwise 400 naming the filter and the id, on save and on every run (a shared report run
 * by a user who sees fewer companies too), so no filter reaches another group's data. One query for
 * the records, one for the companies.
 */
export async function conferirFiltrosDaDefinicao(tx: Transaction, s: SessaoRequest, d: Pick<DefinicaoRelatorio, 'conjunto' | 'filtros'>): Promise<void> {
  const conjunto = conjuntoDeDados(d.conjunto);
  if (!conjunto) return;
  const pedidos = d.filtros.flatMap((f) => {
    const dimensao = Object.hasOwn(conjunto.dimensoes, f.dimensao) ? conjunto.dimensoes[f.dimensao]! : undefined;
    return dimensao?.filtro && dimensao.filtro.tipo !== 'opcoes' ? f.valores.map((id) => ({ rotulo: dimensao.rotulo, origem: dimensao.filtro!, id })) : [];
  });
  const deRegistros = pedidos.filter((p) => p.origem.tipo === 'recurso');
  if (deRegistros.length) {
    const achados = await tx
      .select({ id: registro.id, recurso: registro.recurso })
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), inArray(registro.id, [...new Set(deRegistros.map((p) => p.id))])));
    const existentes = new Set(achados.map((a) => `${a.recurso}:${a.id}`));
    for (const p of deRegistros) {
      const recurso = p.origem.tipo === 'recurso' ? p.origem.recurso : '';
      if (!existentes.has(`${recurso}:${p.id}`)) recusar(`${p.rotulo} não encontrad${findRecurso(recurso)?.feminino ? 'a' : 'o'}: ${p.id}.`);
    }
  }
  const deEmpresas = pedidos.filter((p) => p.origem.tipo === 'empresa');
  if (deEmpresas.length) {
    const { nomes } = await empresasDoFiltro(tx, s, []);
    const alheia = deEmpresas.find((p) => !nomes.has(p.id));
    if (alheia) recusar(`${alheia.rotulo} não encontrada: ${alheia.id}.`);
  }
}
