import type { FiltroRelatorioTransferencia, LinhaRelatorioTransferencia, RelatorioTransferencia } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import type { AutorEstoque } from './razao.ts';

const LIMITE_LINHAS = 5000;

/**
 * relatorioEstoqueTransferencia: the transfers between stores the session's store sent (any state) or
 * received (once sent), dated by the sending (a draft by its creation), with what was sent, received and
 * the divergence valued; totals and the routes (origin → destination) over every matching transfer.
 * Cancelled transfers are listed and left out of the values.
 */
export async function relatorioTransferencia(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, f: FiltroRelatorioTransferencia): Promise<RelatorioTransferencia> {
  const lado =
    f.direcao === 'enviadas'
      ? sql`t.empresa_id = ${a.empresa}`
      : f.direcao === 'recebidas'
        ? sql`t.empresa_destino_id = ${a.empresa} and t.status <> 'rascunho'`
        : sql`(t.empresa_id = ${a.empresa} or (t.empresa_destino_id = ${a.empresa} and t.status <> 'rascunho'))`;
  const onde = sql`t.grupo_empresarial_id = ${a.grupoEmpresarial} and ${lado}
    and ${intervaloDeDias(sql`coalesce(t.enviado_em, t.created_at)`, f.de, f.ate)}
    ${f.loja ? sql`and (t.empresa_id = ${f.loja} or t.empresa_destino_id = ${f.loja})` : sql``}
    ${f.status?.length ? sql`and t.status = any(${sql.param(f.status)}::text[])` : sql``}
    ${f.soDivergencias ? sql`and exists (select 1 from jsonb_array_elements(t.itens) l where (l->>'divergencia')::numeric <> 0)` : sql``}`;
  const r = await tx.execute<Omit<LinhaRelatorioTransferencia, 'data' | 'direcao'> & { data: string | Date; origem: string }>(sql`
    select t.id as "_id", t.numero::int as numero, coalesce(t.enviado_em, t.created_at) as data, t.empresa_id as origem,
      eo.nome_fantasia as "empresaOrigemNome", ed.nome_fantasia as "empresaDestinoNome", t.status, jsonb_array_length(t.itens)::int as linhas,
      t.valor::int as valor, t.valor_recebido::int as "valorRecebido", t.valor_divergencia::int as "valorDivergencia",
      (select count(*) from jsonb_array_elements(t.itens) l where (l->>'divergencia')::numeric <> 0)::int as "linhasDivergentes", pt.numero::int as "pedidoNumero"
    from estoque_transferencia_lojas t
    left join empresa eo on eo.grupo_empresarial_id = t.grupo_empresarial_id and eo.id = t.empresa_id
    left join empresa ed on ed.grupo_empresarial_id = t.grupo_empresarial_id and ed.id = t.empresa_destino_id
    left join estoque_pedido_transferencia pt on pt.grupo_empresarial_id = t.grupo_empresarial_id and pt.id = t.pedido_id
    where ${onde}
    order by coalesce(t.enviado_em, t.created_at) desc, t.numero desc`);
  const todas = r.rows.map(({ origem, ...l }) => ({ ...l, data: new Date(l.data).toISOString(), direcao: origem === a.empresa ? ('enviada' as const) : ('recebida' as const) }));
  const validas = todas.filter((l) => l.status !== 'cancelada');
  const rotas = new Map<string, RelatorioTransferencia['porRota'][number]>();
  for (const l of validas) {
    const k = `${l.empresaOrigemNome}→${l.empresaDestinoNome}`;
    const rota = rotas.get(k) ?? { origem: l.empresaOrigemNome, destino: l.empresaDestinoNome, transferencias: 0, valor: 0, valorDivergencia: 0 };
    rota.transferencias += 1;
    rota.valor += l.valor;
    rota.valorDivergencia += l.valorDivergencia ?? 0;
    rotas.set(k, rota);
  }
  return {
    linhas: todas.slice(0, LIMITE_LINHAS),
    truncado: todas.length > LIMITE_LINHAS,
    totais: {
      transferencias: validas.length,
      valor: validas.reduce((s, l) => s + l.valor, 0),
      valorRecebido: validas.reduce((s, l) => s + (l.valorRecebido ?? 0), 0),
      valorDivergencia: validas.reduce((s, l) => s + (l.valorDivergencia ?? 0), 0),
      emTransito: validas.filter((l) => l.status === 'enviada').length,
      comDivergencia: validas.filter((l) => l.linhasDivergentes > 0).length,
    },
    porRota: [...rotas.values()].sort((x, y) => y.valor - x.valor),
  };
}
