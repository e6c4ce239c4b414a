import { paraEscalado, type ItemVenda } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { estornarMovimentos, lancar, type AutorEstoque, type MovimentoNovo } from './razao.ts';

/** A sale as stock sees it: what left the store, and when. */
export interface VendaParaEstoque {
  id: string;
  fechadoEm: Date;
  itens: readonly Pick<ItemVenda, 'produto' | 'quantidade' | 'modificadores' | 'cancelado'>[];
}

/** Sales quantities have 3 places; item × complement quantity has 6, kept at the ledger's 4 (half up). */
function vezes(item: string, complemento: string): bigint {
  const p = paraEscalado(item, 3) * paraEscalado(complemento, 3);
  return (p + 50n) / 100n;
}

/**
 * What the sales take out of stock: each item not cancelled, and each complement that is a product
 * (item quantity × its quantity), of the products the company controls, from its sales location (the
 * active location marked "Baixa as vendas", else the first active one). Recipes are not built yet: a
 * product lowers itself.
 */
async function movimentosDasVendas(tx: Transaction, a: AutorEstoque, vendas: readonly VendaParaEstoque[]): Promise<MovimentoNovo[]> {
  const saidas: { venda: VendaParaEstoque; produto: string; quantidade: bigint }[] = [];
  for (const venda of vendas) {
    for (const item of venda.itens) {
      if (item.cancelado) continue;
      saidas.push({ venda, produto: item.produto, quantidade: paraEscalado(item.quantidade, 3) * 10n });
      for (const m of item.modificadores) if (m.produto) saidas.push({ venda, produto: m.produto, quantidade: vezes(item.quantidade, m.quantidade) });
    }
  }
  if (!saidas.length) return [];
  const produtos = [...new Set(saidas.map((s) => s.produto))];
  const r = await tx.execute<{ local: string | null; controlados: string[] }>(sql`
    select (select id from registro
              where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${a.empresa} and not lixo
                and coalesce((dados->>'ativo')::boolean, true)
              order by coalesce((dados->>'baixaVendas')::boolean, false) desc, lower(dados->>'descricao'), id limit 1) as local,
           array(select dados->>'produtoGeral' from registro
              where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and coalesce(empresa_id, '') = ${a.empresa} and not lixo
                and dados->>'produtoGeral' = any(${sql.param(produtos)}::text[]) and coalesce((dados->>'controlaEstoque')::boolean, false)) as controlados`);
  const { local, controlados } = r.rows[0]!;
  if (!local) return [];
  const controla = new Set(controlados);
  return saidas
    .filter((s) => controla.has(s.produto) && s.quantidade > 0n)
    .map((s) => ({ localId: local, produtoId: s.produto, tipo: 'saidaVenda', quantidade: -s.quantidade, custoProprio: null, ocorridoEm: s.venda.fechadoEm, documentoTipo: 'venda', documentoId: s.venda.id }));
}

/** The stock of new sales taken out in the sales' transaction; a sale is never refused for stock. */
export async function baixarVendas(tx: Transaction, a: AutorEstoque, vendas: readonly VendaParaEstoque[]): Promise<void> {
  const movimentos = await movimentosDasVendas(tx, a, vendas);
  if (movimentos.length) await lancar(tx, a, movimentos, { aceitarNegativo: true });
}

/** A cancelled sale's stock put back, in the cancellation's transaction. */
export async function devolverVenda(tx: Transaction, a: AutorEstoque, vendaId: string): Promise<void> {
  await estornarMovimentos(tx, a, vendaId, { aceitarNegativo: true });
}
