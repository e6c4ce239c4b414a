import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';

/**
 * Which of our products a supplier's item is (issue 15): the supplier's code (cProd of its NF-e) and,
 * when it has one, the GTIN. An NF-e entry matches its items here (supplier + code, then GTIN) and
 * remembers the match a user makes, so the next note of the same supplier comes matched.
 */
export const estoqueProdutoFornecedor = defineRecurso({
  nome: 'estoqueProdutoFornecedor',
  rotulo: 'Produto do fornecedor',
  rotuloPlural: 'Produtos por fornecedor',
  escopo: 'grupo',
  schema: () => z.object({
    fornecedor: z.string({ error: 'Escolha o fornecedor.' }).min(1, 'Escolha o fornecedor.'),
    codigo: z.string({ error: 'Informe o código do produto no fornecedor.' }).trim().min(1, 'Informe o código do produto no fornecedor.').max(60, 'No máximo 60 caracteres.'),
    produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
    descricao: z.string().trim().max(120, 'No máximo 120 caracteres.').nullish().transform((v) => v || null).default(null),
    gtin: z.string().trim().regex(/^(\d{8}|\d{12,14})?$/, 'GTIN: 8, 12, 13 ou 14 dígitos.').nullish().transform((v) => v || null).default(null),
    unidadeCompra: z.string().trim().max(6, 'No máximo 6 caracteres.').nullish().transform((v) => (v ? v.toUpperCase() : null)).default(null),
    fator: decimalExato({ casas: 6, acimaDe: '0', max: '1000000', rotulo: 'o fator' }).nullish().transform((v) => v ?? null).default(null),
    /** Days from ordering to delivery: the order suggestion covers them. */
    prazoEntrega: z.number({ error: 'Informe o prazo de entrega em dias.' }).int('O prazo de entrega é um número inteiro de dias.').min(0, 'O prazo de entrega não pode ser negativo.').max(365, 'No máximo 365 dias.').nullish().transform((v) => v ?? null).default(null),
    /** Kept by the receipts (purchase order, supplier NF-e) in their transaction: the price per purchase unit, in centavos. */
    ultimoPreco: z.number().int().min(0).nullish().transform((v) => v ?? null).default(null),
    ultimaCompraEm: z.iso.date().nullish().transform((v) => v ?? null).default(null),
  }),
  campos: {
    fornecedor: { rotulo: 'Fornecedor', tipo: 'referencia', filtro: { fornecedor: true } },
    codigo: { rotulo: 'Código no fornecedor', tipo: 'texto', ajuda: 'O código do item na nota do fornecedor (cProd).' },
    produto: { rotulo: 'Produto', tipo: 'referencia' },
    descricao: { rotulo: 'Descrição no fornecedor', tipo: 'texto' },
    gtin: { rotulo: 'GTIN/EAN', tipo: 'texto' },
    unidadeCompra: { rotulo: 'Unidade de compra', tipo: 'texto', ajuda: 'A unidade da nota (uCom): CX, FD, PC…' },
    fator: { rotulo: 'Fator', tipo: 'decimal', ajuda: 'Quantas unidades de estoque do produto uma unidade de compra faz (vazio: a dos fatores de conversão, ou 1 na mesma unidade).' },
    prazoEntrega: { rotulo: 'Prazo de entrega (dias)', tipo: 'inteiro', ajuda: 'Dias entre o pedido e a entrega; a sugestão de pedido cobre o consumo desse prazo.' },
    ultimoPreco: { rotulo: 'Último preço pago', tipo: 'dinheiro', somenteLeitura: true, ajuda: 'Por unidade de compra, do último recebimento (pedido de compra ou nota do fornecedor).' },
    ultimaCompraEm: { rotulo: 'Última compra', tipo: 'data', somenteLeitura: true },
  },
  colunas: ['fornecedor', 'codigo', 'produto', 'unidadeCompra', 'fator', 'prazoEntrega', 'ultimoPreco'],
  busca: ['codigo', 'descricao', 'gtin'],
  filtros: ['fornecedor', 'produto'],
  ordenacao: { campo: 'codigo', direcao: 'asc' },
  relacoes: { fornecedor: 'pessoa', produto: 'produtoGeral' },
  unicos: [['fornecedor', 'codigo']],
});
