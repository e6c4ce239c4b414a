import { findRecurso, type Venda } from '@retaguarda/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import type { TerminalAutenticado } from './credencial.ts';

/** A field of the order that names a record, and the resource it must be. */
interface Referencia {
  campo: string;
  id: string;
  recurso: string;
}

function referenciasDa(venda: Venda): Referencia[] {
  const refs: Referencia[] = [];
  const add = (campo: string, id: string | null, recurso: string) => id && refs.push({ campo, id, recurso });
  add('periodo', venda.periodo, 'periodo');
  add('garcom', venda.garcom, 'usuario');
  add('operador', venda.operador, 'usuario');
  add('entregador', venda.entregador, 'usuario');
  add('cliente', venda.cliente, 'pessoa');
  add('descontoMotivo', venda.descontoMotivo, 'descontoMotivo');
  venda.itens.forEach((item, i) => {
    add(`itens.${i}.produto`, item.produto, 'produtoGeral');
    add(`itens.${i}.descontoMotivo`, item.descontoMotivo, 'descontoMotivo');
    item.modificadores.forEach((m, j) => add(`itens.${i}.modificadores.${j}.produto`, m.produto, 'produtoGeral'));
  });
  venda.transferencias.forEach((tr, i) => add(`transferencias.${i}.usuario`, tr.usuario, 'usuario'));
  venda.pagamentos.forEach((p, i) => {
    add(`pagamentos.${i}.formaPagamento`, p.formaPagamento, 'formaPagamento');
    add(`pagamentos.${i}.bandeira`, p.bandeira, 'tipoPagamentoBandeira');
    add(`pagamentos.${i}.operadora`, p.operadora, 'operadora');
  });
  return refs;
}

/**
 * Every record the order names must exist in the terminal's group (and company, for per-company
 * resources), in one query. Records trashed since are still valid: the sale happened. Answers the
 * fields whose record was not found (the first order's fields, or prefixed by its index in a batch).
 */
export async function referenciasAusentes(tx: Transaction, t: TerminalAutenticado, vendas: readonly Venda[]): Promise<Record<string, string>> {
  // A batch names its orders: 'pedidos.3.itens.0.produto'; a single order its fields.
  const refs = vendas.length === 1 ? referenciasDa(vendas[0]!) : vendas.flatMap((v, i) => referenciasDa(v).map((r) => ({ ...r, campo: `pedidos.${i}.${r.campo}` })));
  if (!refs.length) return {};
  const ids = [...new Set(refs.map((r) => r.id))];
  const achados = await tx
    .select({ id: registro.id, recurso: registro.recurso })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, t.grupoEmpresarial), inArray(registro.id, ids), or(isNull(registro.empresaId), eq(registro.empresaId, t.empresa))));
  const existe = new Set(achados.map((a) => `${a.recurso}:${a.id}`));
  const ausentes: Record<string, string> = {};
  for (const r of refs) {
    if (existe.has(`${r.recurso}:${r.id}`)) continue;
    const def = findRecurso(r.recurso);
    ausentes[r.campo] ??= `${def?.rotulo ?? r.recurso} não encontrad${def?.feminino ? 'a' : 'o'}: ${r.id}.`;
  }
  return ausentes;
}
