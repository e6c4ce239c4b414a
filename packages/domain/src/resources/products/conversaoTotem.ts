import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { idOpcional } from '../registration/documento.ts';

/**
 * How one product appears on the company's self-service kiosk (totem): a short name, an appetising
 * description, its category tab, a picture and the order. Empty name or picture: the product's own.
 */
export const conversaoTotem = defineRecurso({
  nome: 'conversaoTotem',
  rotulo: 'Produto no totem',
  rotuloPlural: 'Produtos no totem',
  escopo: 'empresa',
  schema: () => z.object({
    produtoGeral: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'),
    nome: z.string().trim().max(40, 'No máximo 40 caracteres (cabe no cartão do totem).').default(''),
    descricao: z.string().trim().max(200, 'No máximo 200 caracteres.').default(''),
    categoria: z.string({ error: 'Informe a categoria.' }).trim().min(1, 'Informe a categoria.').max(30, 'No máximo 30 caracteres.'),
    imagem: idOpcional.default(null),
    ordem: z.number({ error: 'Informe a ordem.' }).int('Informe um número inteiro.').min(0, 'A ordem não pode ser negativa.').max(9999, 'No máximo 9999.').default(0),
    destaque: z.boolean().default(false),
    ativo: z.boolean().default(true),
  }),
  campos: {
    produtoGeral: { rotulo: 'Produto', tipo: 'referencia', ajuda: 'Cada produto uma vez por empresa.' },
    nome: { rotulo: 'Nome no totem', tipo: 'texto', ajuda: 'Vazio: a descrição do produto.' },
    descricao: { rotulo: 'Descrição no totem', tipo: 'textoLongo', ajuda: 'O que o cliente lê ao tocar no produto.' },
    categoria: { rotulo: 'Categoria', tipo: 'texto', ajuda: 'A aba do totem: Lanches, Bebidas, Sobremesas…' },
    imagem: { rotulo: 'Imagem', tipo: 'imagem', ajuda: 'Vazio: a primeira imagem do produto.' },
    ordem: { rotulo: 'Ordem', tipo: 'inteiro', ajuda: 'Menor primeiro, dentro da categoria.' },
    destaque: { rotulo: 'Destaque', tipo: 'booleano', ajuda: 'Aparece no topo da categoria, em tamanho maior.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['produtoGeral', 'nome', 'categoria', 'ordem', 'destaque', 'ativo'],
  busca: ['produtoGeral', 'nome', 'categoria'],
  filtros: ['produtoGeral', 'categoria', 'destaque', 'ativo'],
  ordenacao: { campo: 'categoria', direcao: 'asc' },
  relacoes: { produtoGeral: 'produtoGeral' },
  unicos: [['produtoGeral']],
});
