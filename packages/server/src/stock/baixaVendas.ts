import { explodirFicha, qtd, textoQtd, tiposProdutoSemEstoque, type ItemVenda } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { executarPreparado } from '../db/preparado.ts';
import { fichasNaVersao, versaoDasFichas } from './fichas.ts';
import { localDeVendas } from './localDeVendas.ts';
import { ctePendencias, descontarVendaDasPendencias, registrarPendencias, type Lacuna } from './pendencias.ts';
import { cteTravarCustos, estornarMovimentos, lancar, lerCustosTravados, type AutorEstoque, type LinhaCustoLida, type MovimentoNovo } from './razao.ts';
import { cteVendidos, descontarVendaDosVendidos, linhasVendidas } from './vendidosDia.ts';

/** A sale as stock sees it: what left the store, and when. */
export interface VendaParaEstoque {
  id: string;
  fechadoEm: Date;
  itens: readonly ItemVenda[];
}

/** What one product sold takes out: a sale's item, or a complement that is a product (4 places). */
export interface SaidaVendida {
  venda: Pick<VendaParaEstoque, 'id' | 'fechadoEm'>;
  produto: string;
  quantidade: bigint;
}

/** What the company's stock needs to know of a batch's products: read with the batch's first statement. */
export interface ContextoDaBaixa {
  local: string | null;
  controlados: string[];
  sem_estoque: string[];
  versao_fichas: string;
}

/**
 * The columns `ContextoDaBaixa` for the products sold, as a select list: the company's sales location,
 * which of the products it controls, which hold no stock, and the fingerprint of the group's recipes.
 */
function colunasDoContexto(a: AutorEstoque, produtos: readonly string[]): SQL {
  return sql`${localDeVendas(a.grupoEmpresarial, a.empresa)} as local,
           array(select dados->>'produtoGeral' from registro
              where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and coalesce(empresa_id, '') = ${a.empresa} and not lixo
                and dados->>'produtoGeral' = any(${sql.param(produtos)}::text[]) and coalesce((dados->>'controlaEstoque')::boolean, false)) as controlados,
           array(select id from registro
              where grupo_empresarial_id = ${a.grupoEmpresarial} and id = any(${sql.param(produtos)}::text[])
                and dados->>'tipoProduto' = any(${sql.param([...tiposProdutoSemEstoque])}::text[])) as sem_estoque,
           ${versaoDasFichas(a.grupoEmpresarial)} as versao_fichas`;
}

const produtosDas = (saidas: readonly SaidaVendida[]) => [...new Set(saidas.map((s) => s.produto))];

/**
 * What the products sold take out of stock: for each, the ingredients of its recipe sheet (through
 * sub-recipes), or the product itself when it has no sheet and the company controls its stock; from
 * the company's sales location (the active location marked "Baixa as vendas", else the first active
 * one). What cannot leave is a gap (lacuna), never skipped in silence: a product with neither (unless
 * a service, a delivery fee or a tip, which hold no stock) or a company with no active location.
 */
async function movimentosDasSaidas(tx: Transaction, a: AutorEstoque, saidas: readonly SaidaVendida[], contexto: ContextoDaBaixa): Promise<{ movimentos: MovimentoNovo[]; lacunas: Lacuna[] }> {
  if (!saidas.length) return { movimentos: [], lacunas: [] };
  const { local, controlados, sem_estoque, versao_fichas } = contexto;
  const semEstoque = new Set(sem_estoque);
  const lacuna = (tipo: Lacuna['tipo'], s: SaidaVendida): Lacuna => ({ tipo, produto: tipo === 'semLocal' ? '' : s.produto, vendaId: s.venda.id, itemProduto: s.produto, quantidade: s.quantidade, ocorridoEm: s.venda.fechadoEm });
  if (!local) return { movimentos: [], lacunas: saidas.filter((s) => !semEstoque.has(s.produto) && s.quantidade > 0n).map((s) => lacuna('semLocal', s)) };
  const controla = new Set(controlados);
  const fichas = await fichasNaVersao(tx, a.grupoEmpresarial, versao_fichas);
  const movimentos: MovimentoNovo[] = [];
  const lacunas: Lacuna[] = [];
  const sair = (venda: SaidaVendida['venda'], produto: string, quantidade: bigint) => {
    if (quantidade > 0n) movimentos.push({ localId: local, produtoId: produto, tipo: 'saidaVenda', quantidade: -quantidade, custoProprio: null, ocorridoEm: venda.fechadoEm, documentoTipo: 'venda', documentoId: venda.id });
  };
  for (const s of saidas) {
    if (fichas.has(s.produto)) {
      for (const [ingrediente, q] of explodirFicha(fichas, s.produto, textoQtd(s.quantidade))) sair(s.venda, ingrediente, qtd(q));
    } else if (controla.has(s.produto)) sair(s.venda, s.produto, s.quantidade);
    else if (!semEstoque.has(s.produto) && s.quantidade > 0n) lacunas.push(lacuna('semFicha', s));
  }
  return { movimentos, lacunas };
}

/** The products' context read in a statement of its own (reprocessing; the sales read it with their references). */
async function lerContexto(tx: Transaction, a: AutorEstoque, saidas: readonly SaidaVendida[]): Promise<ContextoDaBaixa> {
  const [linha] = await executarPreparado<ContextoDaBaixa>(tx, sql`select ${colunasDoContexto(a, produtosDas(saidas))}`);
  return linha!;
}

/**
 * Takes the products sold out of stock and records what could not leave as pendências (first: rows
 * are locked pendências before products, in every writer), in the caller's transaction. The number of
 * movements posted.
 */
export async function baixarSaidas(tx: Transaction, a: AutorEstoque, saidas: readonly SaidaVendida[]): Promise<number> {
  if (!saidas.length) return 0;
  const { movimentos, lacunas } = await movimentosDasSaidas(tx, a, saidas, await lerContexto(tx, a, saidas));
  await registrarPendencias(tx, a, lacunas);
  if (movimentos.length) await lancar(tx, a, movimentos, { aceitarNegativo: true });
  return movimentos.length;
}

/**
 * The stock side of a batch of sales, in the sales' transaction, in steps around the sales' insert so
 * that it adds only one round trip (lancar's write): `colunas` ride on the batch's first statement (its
 * references); `planejar` turns what they read into movements and gaps, and answers the plan: its `ctes`
 * and `leituras` join the insert's statement (the pendências and the day's products of the sales it
 * stored, `novas`: a resend stores nothing and moves nothing; and the lock of the products' stock rows),
 * and `lancar` posts the stored sales' movements with what `leituras` read. A sale is never refused for stock.
 */
export function baixaDasVendas(a: AutorEstoque, vendas: readonly VendaParaEstoque[]) {
  const saidas = linhasVendidas(vendas);
  return {
    colunas: colunasDoContexto(a, produtosDas(saidas)),
    async planejar(tx: Transaction, contexto: ContextoDaBaixa) {
      const { movimentos, lacunas } = await movimentosDasSaidas(tx, a, saidas, contexto);
      return {
        ctes: (novas: SQL) => sql`${ctePendencias(a, lacunas, novas)}, ${cteVendidos(a, saidas, novas)}, ${cteTravarCustos(a, [...new Set(movimentos.map((m) => m.produtoId))])}`,
        /** Select-list columns reading the CTEs in the order every writer locks: pendências, the day's products, then the products' stock. */
        leituras: sql`(select count(*) from pv) as pendencias, (select count(*) from vd) as vendidos, (select coalesce(json_agg(c), '[]') from custos_travados c) as custos`,
        async lancar(tx: Transaction, guardadas: ReadonlySet<string>, lido: { custos: LinhaCustoLida[] }) {
          const daqui = movimentos.filter((m) => guardadas.has(m.documentoId));
          if (daqui.length) await lancar(tx, a, daqui, { aceitarNegativo: true, custosTravados: lerCustosTravados(lido.custos) });
        },
      };
    },
  };
}

/** A cancelled sale's stock put back, the sale taken out of its pendências and of the day's products, in the cancellation's transaction. */
export async function devolverVenda(tx: Transaction, a: AutorEstoque, vendaId: string): Promise<void> {
  await descontarVendaDasPendencias(tx, a, vendaId);
  await descontarVendaDosVendidos(tx, a, vendaId);
  await estornarMovimentos(tx, a, vendaId, { aceitarNegativo: true });
}
