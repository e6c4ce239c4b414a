import { explodirFicha, paraEscalado, qtd, textoQtd, type FichaParaCalculo, type ItemVenda } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { fichasDoGrupo } from './fichas.ts';
import { estornarMovimentos, lancar, type AutorEstoque, type MovimentoNovo } from './razao.ts';

/** Each group's recipe sheets as last read, with the fingerprint (count, last change) they were read at. */
const fichasEmCache = new Map<string, { versao: string; fichas: Map<string, FichaParaCalculo> }>();

async function fichasAtuais(tx: Transaction, grupo: string, versao: string): Promise<Map<string, FichaParaCalculo>> {
  const guardadas = fichasEmCache.get(grupo);
  if (guardadas?.versao === versao) return guardadas.fichas;
  const fichas = await fichasDoGrupo(tx, grupo);
  fichasEmCache.set(grupo, { versao, fichas });
  return fichas;
}

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
 * What the sales take out of stock: for each item not cancelled, and each complement that is a product
 * (item quantity × its quantity), the ingredients of its recipe sheet (through sub-recipes), or the
 * product itself when it has no sheet and the company controls its stock; from the company's sales
 * location (the active location marked "Baixa as vendas", else the first active one).
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
  const r = await tx.execute<{ local: string | null; controlados: string[]; versao_fichas: string }>(sql`
    select (select id from registro
              where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${a.empresa} and not lixo
                and coalesce((dados->>'ativo')::boolean, true)
              order by coalesce((dados->>'baixaVendas')::boolean, false) desc, lower(dados->>'descricao'), id limit 1) as local,
           array(select dados->>'produtoGeral' from registro
              where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and coalesce(empresa_id, '') = ${a.empresa} and not lixo
                and dados->>'produtoGeral' = any(${sql.param(produtos)}::text[]) and coalesce((dados->>'controlaEstoque')::boolean, false)) as controlados,
           (select count(*) || ':' || coalesce(max(updated_at)::text, '') from registro
              where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'estoqueFichaTecnica') as versao_fichas`);
  const { local, controlados, versao_fichas } = r.rows[0]!;
  if (!local) return [];
  const controla = new Set(controlados);
  const fichas = versao_fichas.startsWith('0:') ? new Map<string, FichaParaCalculo>() : await fichasAtuais(tx, a.grupoEmpresarial, versao_fichas);
  const movimentos: MovimentoNovo[] = [];
  const sair = (venda: VendaParaEstoque, produto: string, quantidade: bigint) => {
    if (quantidade > 0n) movimentos.push({ localId: local, produtoId: produto, tipo: 'saidaVenda', quantidade: -quantidade, custoProprio: null, ocorridoEm: venda.fechadoEm, documentoTipo: 'venda', documentoId: venda.id });
  };
  for (const s of saidas) {
    if (fichas.has(s.produto)) {
      for (const [ingrediente, q] of explodirFicha(fichas, s.produto, textoQtd(s.quantidade))) sair(s.venda, ingrediente, qtd(q));
    } else if (controla.has(s.produto)) sair(s.venda, s.produto, s.quantidade);
  }
  return movimentos;
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
