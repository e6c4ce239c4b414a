import { z } from 'zod';

const dataFiltro = z.iso.date({ error: 'Use aaaa-mm-dd.' });
const idOpcional = z.string().trim().max(64, 'Identificador inválido.').optional().transform((v) => v || undefined);

/**
 * relatorioEstoqueCompras: what the session's company received from suppliers in the period (São Paulo
 * days), by supplier and product: purchase-order receipts and posted NF-e entries, each purchase once.
 */
export const filtroRelatorioComprasSchema = z
  .object({
    de: dataFiltro,
    ate: dataFiltro,
    fornecedor: idOpcional,
    produto: idOpcional,
  })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
export type FiltroRelatorioCompras = z.infer<typeof filtroRelatorioComprasSchema>;
export const rotulosFiltroRelatorioCompras: Record<string, string> = { de: 'De', ate: 'Até', fornecedor: 'Fornecedor', produto: 'Produto' };

/** Where a purchase was recorded: a purchase order's receipt by hand, or a supplier's NF-e posted to stock. */
export type OrigemCompra = 'pedido' | 'nota';

/** One product line of one purchase; quantity in the stock unit (4 places), value in centavos, price per stock unit (centavos, 4 places). */
export interface LinhaRelatorioCompras {
  data: string;
  origem: OrigemCompra;
  /** The order's or the note's number. */
  documento: number;
  /** The order's number when a note's item was received against it. */
  pedidoNumero: number | null;
  fornecedor: string;
  fornecedorNome: string | null;
  produto: string;
  descricao: string | null;
  unidade: string | null;
  quantidade: string;
  valor: number;
  precoUnitario: string;
}

export interface ProdutoRelatorioCompras {
  produto: string;
  descricao: string | null;
  unidade: string | null;
  quantidade: string;
  valor: number;
  compras: number;
  /** Σ value ÷ Σ quantity, per stock unit. */
  precoMedio: string;
  primeiroPreco: string;
  ultimoPreco: string;
  ultimaCompra: string;
  /** Last against first price of the period, whole percent (half up); null with one purchase. */
  variacao: number | null;
}

export interface FornecedorRelatorioCompras {
  fornecedor: string;
  nome: string | null;
  /** Documents (receipts and notes). */
  compras: number;
  produtos: number;
  valor: number;
}

export interface RelatorioCompras {
  linhas: LinhaRelatorioCompras[];
  truncado: boolean;
  totais: { valor: number; compras: number; fornecedores: number; produtos: number; pedidos: number; notas: number };
  porFornecedor: FornecedorRelatorioCompras[];
  porProduto: ProdutoRelatorioCompras[];
  /** The price of one product (the filter's, else the one bought for most) at each purchase of the period, oldest first. */
  evolucao: { produto: string; descricao: string | null; unidade: string | null; pontos: { data: string; precoUnitario: string; fornecedorNome: string | null; origem: OrigemCompra; documento: number }[] } | null;
}

/** Whole percent from a to b (half up, away from zero), both scaled alike; null when a is 0. */
export function variacaoPercentual(de: bigint, para: bigint): number | null {
  if (de === 0n) return null;
  const n = (para - de) * 200n;
  const q = n >= 0n ? (n + de) / (2n * de) : -((-n + de) / (2n * de));
  return Number(q);
}
