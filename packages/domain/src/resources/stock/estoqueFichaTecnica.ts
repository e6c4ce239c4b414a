import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { CASAS_ESTOQUE } from '../../stock/custoMedio.ts';
import { defineRecurso } from '../define.ts';

const quantidade = (rotulo: string) => decimalExato({ casas: CASAS_ESTOQUE, acimaDe: '0', max: '999999', rotulo });

/**
 * A product's recipe sheet (ficha técnica): ingredients in their stock units with a loss factor, the
 * yield, sub-recipes to any depth (an ingredient with a sheet of its own), never in a cycle (the
 * server refuses naming the path). A sale lowers the ingredients by it (stock/baixaVendas.ts).
 */
export const estoqueFichaTecnica = defineRecurso({
  nome: 'estoqueFichaTecnica',
  rotulo: 'Ficha técnica',
  rotuloPlural: 'Fichas técnicas',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
    rendimento: quantidade('o rendimento').default('1.0000'),
    itens: z
      .array(
        z.object({
          produto: z.string({ error: 'Escolha o ingrediente.' }).min(1, 'Escolha o ingrediente.'),
          quantidade: quantidade('a quantidade'),
          perda: decimalExato({ casas: 2, min: '0', max: '99.99', rotulo: 'a perda' }).nullable().default(null),
        }),
        { error: 'Inclua os ingredientes.' },
      )
      .min(1, 'Inclua ao menos um ingrediente.'),
    modoPreparo: z.string().trim().max(4000, 'No máximo 4.000 caracteres.').nullish().transform((v) => v || null).default(null),
    foto: z.string().min(1).nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    produto: { rotulo: 'Produto', tipo: 'referencia', ajuda: 'O prato, a bebida ou a preparação (massa, molho) que a ficha produz.' },
    rendimento: { rotulo: 'Rendimento', tipo: 'decimal', ajuda: 'Quantas unidades do produto (na unidade dele) a receita rende: 1 prato, 3 kg de molho…' },
    itens: {
      rotulo: 'Ingredientes',
      tipo: 'lista',
      resumo: ['produto', 'quantidade'],
      campos: {
        produto: { rotulo: 'Ingrediente', tipo: 'referencia' },
        quantidade: { rotulo: 'Quantidade', tipo: 'decimal', ajuda: 'Líquida, na unidade de estoque do ingrediente, até 4 casas (0,0125 kg).' },
        perda: { rotulo: 'Perda (%)', tipo: 'percentual', ajuda: 'Limpeza, aparas: a quantidade bruta é a líquida ÷ (1 − perda).' },
      },
    },
    modoPreparo: { rotulo: 'Modo de preparo', tipo: 'textoLongo' },
    foto: { rotulo: 'Foto', tipo: 'imagem', ajuda: 'PNG, JPEG ou WebP até 1 MB.' },
    ativo: { rotulo: 'Ativa', tipo: 'booleano', ajuda: 'Inativa, as vendas não baixam os ingredientes por ela.' },
  },
  colunas: ['produto', 'rendimento', 'itens', 'ativo'],
  busca: [],
  filtros: ['produto', 'ativo'],
  ordenacao: { campo: 'produto', direcao: 'asc' },
  relacoes: { produto: 'produtoGeral', 'itens.produto': 'produtoGeral' },
  unicos: [['produto']],
});
