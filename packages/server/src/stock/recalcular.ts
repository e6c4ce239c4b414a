import { aplicarAoCusto, custo, qtd, textoCusto, textoQtd, type EstadoCusto } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conferirPosicao, recomporPosicao } from './posicaoTotais.ts';

export interface DiferencaEstoque {
  grupoEmpresarial: string;
  empresa: string;
  /** Absent for the position's totals of a location. */
  produto?: string;
  local?: string;
  /** posicao: the kept totals of a location (lines, lines with stock, quantity, value) against those of the balances. */
  campo: 'saldo' | 'quantidade' | 'custoMedio' | 'posicao';
  mantido: string;
  recalculado: string;
}

const LOTE = 20_000;

/**
 * Recomputes every kept stock balance from the ledger (the location balances by sum, the companies'
 * average costs by folding each product's movements in business-time order) and lists where the kept
 * value differs, and the position's totals kept per location (posicaoTotais.ts) against the balances; with
 * `corrigir`, writes the recomputed values. `npm run estoque:recalcular`.
 */
export async function recalcularEstoque(db: Database, opcoes: { corrigir?: boolean; grupoEmpresarial?: string } = {}): Promise<DiferencaEstoque[]> {
  const diferencas: DiferencaEstoque[] = [];
  const doGrupo = opcoes.grupoEmpresarial ? sql`and grupo_empresarial_id = ${opcoes.grupoEmpresarial}` : sql``;
  await db.transaction(async (tx) => {
    // Location balances: the sum of their movements (a kept row with no movement must be zero).
    const saldos = await tx.execute<{ g: string; e: string; l: string; p: string; mantido: string | null; recalculado: string | null }>(sql`
      with soma as (
        select grupo_empresarial_id g, empresa_id e, local_id l, produto_id p, sum(quantidade) q from estoque_movimento where true ${doGrupo} group by 1, 2, 3, 4)
      select coalesce(s.grupo_empresarial_id, soma.g) g, coalesce(s.empresa_id, soma.e) e, coalesce(s.local_id, soma.l) l, coalesce(s.produto_id, soma.p) p,
        s.quantidade::text mantido, coalesce(soma.q, 0)::numeric(18,4)::text recalculado
      from (select * from estoque_saldo where true ${doGrupo}) s
      full join soma on soma.g = s.grupo_empresarial_id and soma.l = s.local_id and soma.p = s.produto_id
      where s.quantidade is distinct from coalesce(soma.q, 0)`);
    for (const r of saldos.rows) {
      diferencas.push({ grupoEmpresarial: r.g, empresa: r.e, produto: r.p, local: r.l, campo: 'saldo', mantido: r.mantido ?? '0.0000', recalculado: r.recalculado! });
      if (opcoes.corrigir) {
        await tx.execute(sql`
          insert into estoque_saldo (grupo_empresarial_id, empresa_id, local_id, produto_id, quantidade) values (${r.g}, ${r.e}, ${r.l}, ${r.p}, ${r.recalculado})
          on conflict (grupo_empresarial_id, local_id, produto_id) do update set quantidade = excluded.quantidade, atualizado_em = now()`);
      }
    }

    // Average costs: each company's products folded in business-time order, read in keyset batches.
    const mantidos = new Map(
      (
        await tx.execute<{ g: string; e: string; p: string; quantidade: string; custo_medio: string }>(sql`
          select grupo_empresarial_id g, empresa_id e, produto_id p, quantidade::text quantidade, custo_medio::text custo_medio from estoque_custo where true ${doGrupo}`)
      ).rows.map((r) => [`${r.g}|${r.e}|${r.p}`, r]),
    );
    const conferir = async (chave: string, e: EstadoCusto) => {
      const [g, em, p] = chave.split('|') as [string, string, string];
      const m = mantidos.get(chave);
      mantidos.delete(chave);
      const q = textoQtd(e.quantidade);
      const c = textoCusto(e.custoMedio);
      if (m?.quantidade !== q) diferencas.push({ grupoEmpresarial: g, empresa: em, produto: p, campo: 'quantidade', mantido: m?.quantidade ?? '0.0000', recalculado: q });
      if (m?.custo_medio !== c) diferencas.push({ grupoEmpresarial: g, empresa: em, produto: p, campo: 'custoMedio', mantido: m?.custo_medio ?? '0.0000', recalculado: c });
      if (opcoes.corrigir && (m?.quantidade !== q || m?.custo_medio !== c)) {
        await tx.execute(sql`
          insert into estoque_custo (grupo_empresarial_id, empresa_id, produto_id, quantidade, custo_medio) values (${g}, ${em}, ${p}, ${q}, ${c})
          on conflict (grupo_empresarial_id, empresa_id, produto_id) do update set quantidade = excluded.quantidade, custo_medio = excluded.custo_medio, atualizado_em = now()`);
      }
    };
    let chaveAtual: string | null = null;
    let estado: EstadoCusto = { quantidade: 0n, custoMedio: 0n };
    let depois: { g: string; e: string; p: string; o: string; s: number } | null = null;
    type Linha = { g: string; e: string; p: string; o: string; s: number; quantidade: string; proprio: boolean; custo_unitario: string };
    for (;;) {
      const lote: { rows: Linha[] } = await tx.execute<Linha>(sql`
        select grupo_empresarial_id g, empresa_id e, produto_id p, ocorrido_em::text o, seq::int s, quantidade::text quantidade, custo_proprio proprio, custo_unitario::text custo_unitario
        from estoque_movimento
        where true ${doGrupo} ${depois ? sql`and (grupo_empresarial_id, empresa_id, produto_id, ocorrido_em, seq) > (${depois.g}, ${depois.e}, ${depois.p}, ${depois.o}::timestamptz, ${depois.s})` : sql``}
        order by grupo_empresarial_id, empresa_id, produto_id, ocorrido_em, seq
        limit ${LOTE}`);
      for (const r of lote.rows) {
        const chave = `${r.g}|${r.e}|${r.p}`;
        if (chave !== chaveAtual) {
          if (chaveAtual) await conferir(chaveAtual, estado);
          chaveAtual = chave;
          estado = { quantidade: 0n, custoMedio: 0n };
        }
        estado = aplicarAoCusto(estado, qtd(r.quantidade), r.proprio ? custo(r.custo_unitario) : null);
      }
      if (lote.rows.length < LOTE) break;
      depois = lote.rows.at(-1)!;
    }
    if (chaveAtual) await conferir(chaveAtual, estado);
    // Kept positions with no movement at all must be empty.
    for (const [chave, m] of mantidos) {
      if (m.quantidade !== '0.0000') await conferir(chave, { quantidade: 0n, custoMedio: custo(m.custo_medio) });
    }

    // The position's totals per location, against the balances (corrected above, when asked).
    for (const d of await conferirPosicao(tx, opcoes.grupoEmpresarial)) {
      diferencas.push({ grupoEmpresarial: d.g, empresa: d.e, local: d.l, campo: 'posicao', mantido: d.mantido ?? '', recalculado: d.recalculado ?? '' });
    }
    if (opcoes.corrigir) await recomporPosicao(tx, opcoes.grupoEmpresarial);
  });
  return diferencas;
}
