import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { FUSO } from './relatorios/periodo.ts';
import { COLUNAS_PARA_O_RESUMO, somarAoResumo } from './resumoHora.ts';

/**
 * The rollups of relatorioVendasResumoFiscal and relatorioQrCode (db/schema/vendaResumos.ts), written
 * in the sale's own transaction. Every writer takes the shared rows in one order, so two transactions
 * never wait on each other crosswise: documents, the hourly rollup (resumoHora.ts), the day's products
 * and stock, then QR orders, codes and QR products (`somarAosResumos`).
 */

export const QR_CODE = 'QR Code';
const dia = (coluna: SQL) => sql`(${coluna} at time zone ${FUSO})::date`;
const somando = (tabela: string, chave: string[], medidas: string[]) =>
  sql.raw(`on conflict (grupo_empresarial_id, ${chave.join(', ')}) do update set ${medidas.map((m) => `${m} = ${tabela}.${m} + excluded.${m}`).join(', ')}`);

/** INSERT … ON CONFLICT adding the sales of `fonte` (a FROM item with COLUNAS_PARA_O_RESUMO, as v) to venda_resumo_documento. */
export function somarDocumentos(fonte: SQL): SQL {
  return sql`insert into venda_resumo_documento (grupo_empresarial_id, empresa_id, dia, modelo, status, serie, vendas, total, canceladas, valor_cancelado)
    select v.grupo_empresarial_id, v.empresa_id, ${dia(sql`v.fechado_em`)}, coalesce(v.documento_modelo, ''), coalesce(v.documento_status, 'semDocumento'), coalesce(v.documento_serie, -1),
      count(*), coalesce(sum(v.total), 0), count(*) filter (where v.cancelada), coalesce(sum(v.total) filter (where v.cancelada), 0)
    from ${fonte} v
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    ${somando('venda_resumo_documento', ['empresa_id', 'dia', 'modelo', 'status', 'serie'], ['vendas', 'total', 'canceladas', 'valor_cancelado'])}`;
}

const daVendaNoDocumento = sql`r.grupo_empresarial_id = v.grupo_empresarial_id and r.empresa_id = v.empresa_id and r.dia = ${dia(sql`v.fechado_em`)}
  and r.modelo = coalesce(v.documento_modelo, '') and r.serie = coalesce(v.documento_serie, -1)`;

/** One sale (before it is marked cancelled) counted as cancelled in its document's row. */
export function cancelarNoDocumento(grupo: string, vendaId: string): SQL {
  return sql`update venda_resumo_documento r set canceladas = r.canceladas + 1, valor_cancelado = r.valor_cancelado + v.total
    from venda v where v.grupo_empresarial_id = ${grupo} and v.id = ${vendaId} and not v.cancelada
      and ${daVendaNoDocumento} and r.status = coalesce(v.documento_status, 'semDocumento')`;
}

/** One sale (before its new status is written) moved from its document's current status to `status`. */
export async function moverDocumento(tx: Transaction, grupo: string, vendaId: string, status: string): Promise<void> {
  const cancelada = sql`case when v.cancelada then 1 else 0 end`;
  await tx.execute(sql`update venda_resumo_documento r set vendas = r.vendas - 1, total = r.total - v.total,
      canceladas = r.canceladas - ${cancelada}, valor_cancelado = r.valor_cancelado - ${cancelada} * v.total
    from venda v where v.grupo_empresarial_id = ${grupo} and v.id = ${vendaId} and coalesce(v.documento_status, 'semDocumento') <> ${status}
      and ${daVendaNoDocumento} and r.status = coalesce(v.documento_status, 'semDocumento')`);
  await tx.execute(
    somarDocumentos(sql`(select grupo_empresarial_id, empresa_id, fechado_em, documento_modelo, ${status}::text as documento_status, documento_serie, total, cancelada from venda
      where grupo_empresarial_id = ${grupo} and id = ${vendaId} and coalesce(documento_status, 'semDocumento') <> ${status})`),
  );
}

/**
 * The QR orders, the codes and the QR products of the sales `onde` picks (a condition on venda v): added
 * ('somar': sales just stored, or every sale when recomputing; a cancelled sale counts only as cancelled) or
 * taken out of the sold figures by a cancellation ('cancelar', before or after the sale is marked). One statement.
 */
export function somarAosResumos(onde: SQL, modo: 'somar' | 'cancelar'): SQL {
  const s = modo === 'somar' ? 1 : -1;
  // Cancelling reads the sale as it was sold; adding leaves out what is already cancelled.
  const vendida = modo === 'somar' ? sql`not v.cancelada` : sql`true`;
  const itens = sql`venda v join venda_item i on i.grupo_empresarial_id = v.grupo_empresarial_id and i.venda_id = v.id`;
  const qr = sql`insert into venda_resumo_qr (grupo_empresarial_id, empresa_id, dia, hora, mesa, pedidos, total, unidades, canceladas)
    select v.grupo_empresarial_id, v.empresa_id, ${dia(sql`v.fechado_em`)}, extract(hour from v.fechado_em at time zone ${FUSO})::smallint, coalesce(v.mesa, ''),
      ${s} * count(*) filter (where ${vendida}), ${s} * coalesce(sum(v.total) filter (where ${vendida}), 0), ${s} * coalesce(sum(u.unidades) filter (where ${vendida}), 0),
      count(*) filter (where ${modo === 'somar' ? sql`v.cancelada` : sql`true`})
    from venda v
    -- Items as a customer counts them: 2 juices are 2, a weighed plate (0,485 kg) is 1.
    left join lateral (select sum(case when i.quantidade = trunc(i.quantidade) then i.quantidade else 1 end) as unidades
      from venda_item i where i.grupo_empresarial_id = v.grupo_empresarial_id and i.venda_id = v.id and not i.cancelado) u on true
    where ${onde} and v.canal = ${QR_CODE}
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    ${somando('venda_resumo_qr', ['empresa_id', 'dia', 'hora', 'mesa'], ['pedidos', 'total', 'unidades', 'canceladas'])}
    returning 1`;
  const codigos = sql`insert into venda_resumo_codigo (grupo_empresarial_id, empresa_id, dia, cfop, cst, itens, total)
    select v.grupo_empresarial_id, v.empresa_id, ${dia(sql`v.fechado_em`)}, coalesce(i.cfop, ''), coalesce(i.cst, ''), ${s} * count(*), ${s} * sum(i.bruto - i.desconto)
    from ${itens} where ${onde} and ${vendida} and not i.cancelado
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    ${somando('venda_resumo_codigo', ['empresa_id', 'dia', 'cfop', 'cst'], ['itens', 'total'])}
    returning 1`;
  const produtos = sql`insert into venda_resumo_qr_produto (grupo_empresarial_id, empresa_id, dia, produto_id, quantidade, pedidos, total)
    select v.grupo_empresarial_id, v.empresa_id, ${dia(sql`v.fechado_em`)}, i.produto_id, ${s} * sum(i.quantidade), ${s} * count(distinct v.id), ${s} * sum(i.bruto - i.desconto)
    from ${itens} where ${onde} and ${vendida} and not i.cancelado and v.canal = ${QR_CODE}
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    ${somando('venda_resumo_qr_produto', ['empresa_id', 'dia', 'produto_id'], ['quantidade', 'pedidos', 'total'])}
    returning 1`;
  // Read left to right, so the rows are taken in the order above (unread, PostgreSQL would run them last, in reverse).
  return sql`with qr as (${qr}), codigos as (${codigos}), produtos as (${produtos})
    select (select count(*) from qr) as qr, (select count(*) from codigos) as codigos, (select count(*) from produtos) as produtos`;
}

/** Each rollup with what makes a row count: one left at zeros by cancellations and moves is no difference. */
const RESUMOS = {
  venda_resumo_documento: 'vendas <> 0 or canceladas <> 0',
  venda_resumo_hora: 'vendas <> 0 or canceladas <> 0',
  venda_resumo_qr: 'pedidos <> 0 or canceladas <> 0 or unidades <> 0',
  venda_resumo_codigo: 'itens <> 0 or total <> 0',
  venda_resumo_qr_produto: 'pedidos <> 0 or quantidade <> 0 or total <> 0',
} as const;

/**
 * The sales rollups of a group (or every group) added up again from its stored sales, as the migration that
 * made them did: the rows that differ are reported and, with `corrigir`, the rollups rewritten in one transaction.
 */
export async function recalcularResumosDeVendas(db: Database, opcoes: { corrigir?: boolean; grupoEmpresarial?: string } = {}): Promise<{ tabela: string; linhas: number }[]> {
  const doGrupo = (coluna: string) => (opcoes.grupoEmpresarial ? sql`${sql.raw(coluna)} = ${opcoes.grupoEmpresarial}` : sql`true`);
  return db.transaction(async (tx) => {
    // The stored rollups kept aside; recomputed in place; compared (a row that is only zeros is no difference).
    for (const tabela of Object.keys(RESUMOS) as (keyof typeof RESUMOS)[]) {
      await tx.execute(sql.raw(`create temporary table guardado_${tabela} on commit drop as select * from ${tabela} where false`));
      await tx.execute(sql`with sai as (delete from ${sql.raw(tabela)} where ${doGrupo('grupo_empresarial_id')} returning *) insert into ${sql.raw(`guardado_${tabela}`)} select * from sai`);
    }
    const vendas = sql`(select ${COLUNAS_PARA_O_RESUMO} from venda where ${doGrupo('grupo_empresarial_id')})`;
    await tx.execute(somarDocumentos(vendas));
    await tx.execute(somarAoResumo(vendas));
    await tx.execute(somarAosResumos(doGrupo('v.grupo_empresarial_id'), 'somar'));
    const diferencas: { tabela: string; linhas: number }[] = [];
    for (const tabela of Object.keys(RESUMOS) as (keyof typeof RESUMOS)[]) {
      const guardado = `guardado_${tabela}`;
      const [linha] = (
        await tx.execute<{ n: number }>(
          sql.raw(
            `with a as (select * from ${tabela} where ${RESUMOS[tabela]}), b as (select * from ${guardado} where ${RESUMOS[tabela]})
            select count(*)::int as n from ((table a except table b) union all (table b except table a)) d`,
          ),
        )
      ).rows;
      if (linha!.n) diferencas.push({ tabela, linhas: linha!.n });
    }
    if (!opcoes.corrigir) {
      // Only looking: the stored rollups back as they were.
      for (const tabela of Object.keys(RESUMOS) as (keyof typeof RESUMOS)[]) {
        await tx.execute(sql`delete from ${sql.raw(tabela)} where ${doGrupo('grupo_empresarial_id')}`);
        await tx.execute(sql.raw(`insert into ${tabela} select * from guardado_${tabela}`));
      }
    }
    return diferencas;
  });
}
