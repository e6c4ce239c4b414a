import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/**
 * A stock location of the company (estoque principal, cozinha, bar, câmara fria): every balance is
 * per location × product. Sales take their ingredients from the company's sales location.
 */
export const estoqueCadastro = defineRecurso({
  nome: 'estoqueCadastro',
  rotulo: 'Local de estoque',
  rotuloPlural: 'Locais de estoque',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
    setor: z.string().nullish().transform((v) => v || null).default(null),
    baixaVendas: z.boolean().default(false),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Estoque principal, cozinha, bar, câmara fria…' },
    setor: { rotulo: 'Setor', tipo: 'referencia' },
    baixaVendas: { rotulo: 'Baixa as vendas', tipo: 'booleano', ajuda: 'As vendas da loja saem deste local; havendo mais de um marcado, do primeiro em ordem alfabética.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'setor', 'baixaVendas', 'ativo'],
  busca: ['descricao'],
  filtros: ['setor', 'baixaVendas', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { setor: 'estoqueSetorCadastro' },
  unicos: [['descricao']],
});
