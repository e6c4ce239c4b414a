import type { TipoMovimento } from './movimento.ts';

/**
 * What the stock API answers, typed once for the server that builds it and the web that reads it.
 * Quantities and costs are decimal text with 4 places ('12.5000'; costs in centavos), values integer centavos.
 */
export interface EstadoCustoTexto {
  quantidade: string;
  custoMedio: string;
}

/** A later movement that leaves its location below zero once a backdated one is applied. */
export interface NegativoDepois {
  movimento: string;
  ocorridoEm: string;
  tipo: TipoMovimento;
  localId: string;
  produtoId: string;
  saldo: string;
}

/** What a batch of movements changes in one product of the company (a document's `efeitos`). */
export interface EfeitoProduto {
  produtoId: string;
  antes: EstadoCustoTexto;
  depois: EstadoCustoTexto;
  /** Dated before other movements of the product: the product was replayed from the ledger. */
  retroativo: boolean;
  saldos: { localId: string; antes: string; depois: string }[];
  negativosDepois: NegativoDepois[];
}

/** relatorioEstoqueProduto: a product in a location. */
export interface LinhaPosicao {
  produto: string;
  codigo: string | null;
  descricao: string;
  unidade: string | null;
  local: string;
  localDescricao: string;
  quantidade: string;
  custoMedio: string;
  /** quantidade × custo médio, in centavos. */
  valor: number;
  estoqueMinimo: string | null;
  abaixoMinimo: boolean;
}

/** relatorioEstoqueFluxo: one movement with the balance and the average after it. */
export interface LinhaKardex {
  _id: string;
  ocorridoEm: string;
  tipo: TipoMovimento;
  documentoTipo: string;
  documentoId: string;
  documentoNumero: number | null;
  local: string;
  localDescricao: string | null;
  usuario: string | null;
  quantidade: string;
  custoUnitario: string;
  valor: number;
  /** Balance after the movement: of the location when one is chosen, else of the company. */
  saldo: string;
  custoMedio: string;
}

/** relatorioEstoqueProduto asked with `limite`: one page of lines and the totals of every line the filters match. */
export interface PaginaPosicao {
  linhas: LinhaPosicao[];
  totais: {
    /** Lines (location × product) matching the filters. */
    linhas: number;
    /** Sum of the quantities (mixed units: meaningful when the products share one). */
    quantidade: string;
    /** Value at average cost, in centavos. */
    valor: number;
    /** Products whose company total is below their minimum. */
    abaixoMinimo: number;
  };
  /** Value held per location (centavos), largest first. */
  porLocal: { local: string; localDescricao: string; valor: number }[];
}

export interface SaldoKardex {
  saldo: string;
  custoMedio: string;
  valor: number;
}

export interface Kardex {
  inicial: SaldoKardex;
  final: SaldoKardex;
  entradas: { quantidade: string; valor: number };
  saidas: { quantidade: string; valor: number };
  linhas: LinhaKardex[];
  /** The page the lines are (the whole period when no `limite` was asked): its place, the period's line count, and the balances it opens and closes at. */
  pagina: { offset: number; limite: number | null; total: number; inicial: SaldoKardex; final: SaldoKardex };
}
