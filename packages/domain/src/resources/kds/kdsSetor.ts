import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** A preparation sector of the store's kitchen (chapa, fritura, pizzaria, bar…): where an item is made. */
export const kdsSetor = defineRecurso({
  nome: 'kdsSetor',
  rotulo: 'Setor KDS',
  rotuloPlural: 'Setores KDS',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    cor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida (use #RRGGBB).').nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Chapa, fritura, pizzaria, bar, saladas…' },
    cor: { rotulo: 'Cor', tipo: 'cor', ajuda: 'Marca os itens do setor na expedição.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'cor', 'ativo'],
  busca: ['descricao'],
  filtros: ['ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});
