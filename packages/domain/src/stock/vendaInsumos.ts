import { z } from 'zod';

/**
 * relatorioVendaInsumos and the stock pending issues (pendências): filters and answers typed once for
 * the server and the web. Quantities are decimal text with 4 places in the ingredient's stock unit,
 * unit costs centavos with 4 places, values integer centavos.
 */

const data = z.iso.date({ error: 'Use aaaa-mm-dd.' });
const id = z.string().trim().min(1).max(64);

/** The longest period the report reads at once. */
export const DIAS_MAXIMOS_VENDA_INSUMOS = 366;

/**
 * The report's filter: a period (de, ate: the theoretical consumption of the sales of the chosen stores)
 * or two approved counts of the active company (inventarioInicial, inventarioFinal: theoretical against
 * actual consumption between them, optionally in one location). Either way an ingredient group (agrupador).
 */
export const filtroVendaInsumosSchema = z
  .object({
    de: data.optional(),
    ate: data.optional(),
    empresas: z.array(id, { error: 'Escolha as lojas.' }).max(200).optional(),
    inventarioInicial: id.optional(),
    inventarioFinal: id.optional(),
    local: id.optional(),
    agrupador: id.optional(),
  })
  .superRefine((f, ctx) => {
    const porInventario = Boolean(f.inventarioInicial || f.inventarioFinal);
    if (porInventario) {
      if (!f.inventarioInicial) ctx.addIssue({ code: 'custom', path: ['inventarioInicial'], message: 'Escolha o inventário inicial.' });
      if (!f.inventarioFinal) ctx.addIssue({ code: 'custom', path: ['inventarioFinal'], message: 'Escolha o inventário final.' });
      if (f.de || f.ate) ctx.addIssue({ code: 'custom', path: [f.de ? 'de' : 'ate'], message: 'Entre dois inventários o período é o deles: não informe datas.' });
      if (f.empresas?.length) ctx.addIssue({ code: 'custom', path: ['empresas'], message: 'Os inventários são da empresa ativa: não escolha lojas.' });
      if (f.inventarioInicial && f.inventarioInicial === f.inventarioFinal) ctx.addIssue({ code: 'custom', path: ['inventarioFinal'], message: 'Escolha dois inventários diferentes.' });
      return;
    }
    if (!f.de) ctx.addIssue({ code: 'custom', path: ['de'], message: 'Informe o início do período (ou escolha dois inventários).' });
    if (!f.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'Informe o fim do período.' });
    if (f.local) ctx.addIssue({ code: 'custom', path: ['local'], message: 'O local vale para a comparação entre dois inventários.' });
    if (f.de && f.ate && f.de > f.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'O fim do período é anterior ao início.' });
    if (f.de && f.ate && f.de <= f.ate && (Date.parse(f.ate) - Date.parse(f.de)) / 86_400_000 >= DIAS_MAXIMOS_VENDA_INSUMOS) {
      ctx.addIssue({ code: 'custom', path: ['ate'], message: `O período tem no máximo ${DIAS_MAXIMOS_VENDA_INSUMOS} dias.` });
    }
  });
export type FiltroVendaInsumos = z.infer<typeof filtroVendaInsumosSchema>;

/** Labels of the filter's fields, for the 400 that names them. */
export const rotulosFiltroVendaInsumos: Record<string, string> = {
  de: 'De',
  ate: 'Até',
  empresas: 'Lojas',
  inventarioInicial: 'Inventário inicial',
  inventarioFinal: 'Inventário final',
  local: 'Local de estoque',
  agrupador: 'Grupo de insumos',
};

/** One ingredient: what the sales should have consumed by recipe and, between two counts, what went. */
export interface LinhaVendaInsumo {
  produto: string;
  codigo: string | null;
  descricao: string;
  unidade: string | null;
  agrupador: string | null;
  agrupadorDescricao: string | null;
  /** Theoretical consumption: the products sold exploded through their recipe sheets. */
  teorico: string;
  /** The unit cost it is valued at (one store: its average; between counts: the closing count's); null over several stores. */
  custoUnitario: string | null;
  valorTeorico: number;
  /** Between two counts only (null otherwise). */
  inicial: string | null;
  /** Entries, production and transfers in. */
  entradas: string | null;
  /** Manual exits, production consumption and transfers out (not sales, not count adjustments). */
  outrasSaidas: string | null;
  final: string | null;
  /** Actual consumption: inicial + entradas − final − outrasSaidas; null when not counted in both counts. */
  real: string | null;
  valorReal: number | null;
  /** real − teórico (positive: more went than the recipes explain). */
  diferenca: string | null;
  valorDiferenca: number | null;
  /** Counted (a line with a count) in both counts. */
  contado: boolean;
}

/** A product sold that no recipe explains and that does not control its stock: left out of the theory. */
export interface ProdutoSemFicha {
  produto: string;
  descricao: string;
  unidade: string | null;
  quantidade: string;
}

export interface InventarioDoRelatorio {
  _id: string;
  numero: number;
  descricao: string;
  congeladoEm: string;
}

export interface RelatorioVendaInsumos {
  modo: 'periodo' | 'inventarios';
  /** The sales read: closed from (exclusive between counts) … to. */
  de: string;
  ate: string;
  inventarios: { inicial: InventarioDoRelatorio; final: InventarioDoRelatorio } | null;
  /** Sales read (not cancelled). */
  vendas: number;
  linhas: LinhaVendaInsumo[];
  semFicha: ProdutoSemFicha[];
  totais: { valorTeorico: number; valorReal: number | null; valorDiferenca: number | null };
}

/** Kinds of product that never hold stock: sold without a recipe, they are no pendência. */
export const tiposProdutoSemEstoque = ['serviço', 'Taxa Entrega', 'Gorjeta'] as const;

/** The kinds of pendência: what kept a sale from taking its stock out. */
export const tiposPendenciaEstoque = {
  semFicha: 'Produto vendido sem ficha técnica e sem controle de estoque',
  semLocal: 'Empresa sem local de estoque ativo',
} as const;
export type TipoPendenciaEstoque = keyof typeof tiposPendenciaEstoque;

/** GET /api/estoquePendencias: one open pendência of the active company. */
export interface PendenciaEstoque {
  _id: string;
  tipo: TipoPendenciaEstoque;
  /** The product sold ('' for a company-wide cause). */
  produto: string;
  codigo: string | null;
  descricao: string | null;
  unidade: string | null;
  primeiraVendaEm: string;
  ultimaVendaEm: string;
  vendas: number;
  quantidade: string;
  /** Its cause is fixed now (read live): the consumption of its sales may be posted, or written off. */
  resolvida: boolean;
  /** Where to fix it: the product's recipe sheet (inactive or missing) and the company's product row. */
  fichaId: string | null;
  produtoEmpresaId: string | null;
}

export interface PendenciasEstoque {
  /** Not fixed yet: what the dashboard counts. */
  abertas: number;
  pendencias: PendenciaEstoque[];
}
