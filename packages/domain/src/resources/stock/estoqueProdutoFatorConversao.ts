import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';

/**
 * How many units of the product's stock unit one unit of another makes: a box (CX) of 12 cans, a sack
 * of 25 kg, 1 KG = 1000 G. Every stock quantity typed in another unit is converted by it.
 */
export const estoqueProdutoFatorConversao = defineRecurso({
  nome: 'estoqueProdutoFatorConversao',
  rotulo: 'Fator de conversão',
  rotuloPlural: 'Fatores de conversão',
  escopo: 'grupo',
  schema: () => z.object({
    produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
    unidade: z.string({ error: 'Escolha a unidade.' }).min(1, 'Escolha a unidade.'),
    fator: decimalExato({ casas: 6, acimaDe: '0', max: '1000000', rotulo: 'o fator' }),
    gtin: z.string().trim().regex(/^(\d{8}|\d{12,14})?$/, 'GTIN da embalagem: 8, 12, 13 ou 14 dígitos.').nullish().transform((v) => v || null).default(null),
  }),
  campos: {
    produto: { rotulo: 'Produto', tipo: 'referencia' },
    unidade: { rotulo: 'Unidade', tipo: 'referencia', ajuda: 'A unidade em que se compra ou se conta: CX, FD, SC, G…' },
    fator: { rotulo: 'Fator', tipo: 'decimal', ajuda: 'Quantas unidades de estoque do produto uma desta unidade faz: CX de 12 latas = 12; 1 G de um produto em KG = 0,001.' },
    gtin: { rotulo: 'GTIN da embalagem', tipo: 'texto', ajuda: 'Código de barras da caixa ou do fardo, para a contagem por leitor.' },
  },
  colunas: ['produto', 'unidade', 'fator', 'gtin'],
  busca: ['gtin'],
  filtros: ['produto', 'unidade'],
  ordenacao: { campo: 'produto', direcao: 'asc' },
  relacoes: { produto: 'produtoGeral', unidade: 'unidadeMedida' },
  unicos: [['produto', 'unidade']],
});
