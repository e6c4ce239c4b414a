import { sql, type SQL } from 'drizzle-orm';
import { FUSO } from './relatorios/periodo.ts';

/**
 * The hourly rollup of sales (table venda_resumo_hora): written with every sale and cancellation, in
 * their transaction, so it always equals adding up `venda`. relatorioVenda reads it.
 */

const chave = ['grupo_empresarial_id', 'empresa_id', 'dia', 'hora', 'canal', 'terminal_id', 'operador_id'];
const medidas = ['vendas', 'bruto', 'descontos', 'taxa_servico', 'taxa_entrega', 'total', 'canceladas', 'valor_cancelado'];

/** The columns a sale's row must carry for `somarAoResumo` and resumosVenda.ts `somarDocumentos` (RETURNING of the insert). */
export const COLUNAS_PARA_O_RESUMO = sql.raw(
  'grupo_empresarial_id, empresa_id, fechado_em, canal, terminal_id, operador_id, bruto, desconto, desconto_itens, taxa_servico, taxa_entrega, total, cancelada, documento_modelo, documento_status, documento_serie',
);

/**
 * INSERT … ON CONFLICT that adds the sales of `fonte` (a FROM item with the columns above, as v) to
 * the rollup. Rows go in key order, so two transactions never wait on each other crosswise.
 */
export function somarAoResumo(fonte: SQL): SQL {
  const local = sql`(v.fechado_em at time zone ${FUSO})`;
  const valida = sql.raw('not v.cancelada');
  return sql`insert into venda_resumo_hora (${sql.raw([...chave, ...medidas].join(', '))})
    select v.grupo_empresarial_id, v.empresa_id, ${local}::date, extract(hour from ${local})::smallint, v.canal, v.terminal_id, coalesce(v.operador_id, ''),
      count(*) filter (where ${valida}), coalesce(sum(v.bruto) filter (where ${valida}), 0), coalesce(sum(v.desconto + v.desconto_itens) filter (where ${valida}), 0),
      coalesce(sum(v.taxa_servico) filter (where ${valida}), 0), coalesce(sum(v.taxa_entrega) filter (where ${valida}), 0), coalesce(sum(v.total) filter (where ${valida}), 0),
      count(*) filter (where v.cancelada), coalesce(sum(v.total) filter (where v.cancelada), 0)
    from ${fonte} v
    group by 1, 2, 3, 4, 5, 6, 7
    order by 1, 2, 3, 4, 5, 6, 7
    on conflict (${sql.raw(chave.join(', '))}) do update set ${sql.raw(medidas.map((m) => `${m} = venda_resumo_hora.${m} + excluded.${m}`).join(', '))}`;
}

/** Moves one sale (already marked cancelled or about to be) from the sold columns to the cancelled ones. */
export function cancelarNoResumo(grupo: string, vendaId: string): SQL {
  const local = sql`(v.fechado_em at time zone ${FUSO})`;
  return sql`update venda_resumo_hora r set vendas = r.vendas - 1, bruto = r.bruto - v.bruto, descontos = r.descontos - (v.desconto + v.desconto_itens),
      taxa_servico = r.taxa_servico - v.taxa_servico, taxa_entrega = r.taxa_entrega - v.taxa_entrega, total = r.total - v.total,
      canceladas = r.canceladas + 1, valor_cancelado = r.valor_cancelado + v.total
    from venda v
    where v.grupo_empresarial_id = ${grupo} and v.id = ${vendaId}
      and r.grupo_empresarial_id = v.grupo_empresarial_id and r.empresa_id = v.empresa_id and r.dia = ${local}::date and r.hora = extract(hour from ${local})
      and r.canal = v.canal and r.terminal_id = v.terminal_id and r.operador_id = coalesce(v.operador_id, '')`;
}
