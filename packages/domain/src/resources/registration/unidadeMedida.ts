import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const unidadeMedida = defineRecurso({
  nome: 'unidadeMedida',
  rotulo: 'Unidade de medida',
  rotuloPlural: 'Unidades de medida',
  feminino: true,
  escopo: 'grupo',
  schema: () => z.object({
    sigla: z.string().trim().min(1, 'Informe a sigla.').max(6, 'A sigla tem no máximo 6 caracteres.').toUpperCase(),
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(60),
    fracionado: z.boolean().default(false),
  }),
  campos: {
    sigla: { rotulo: 'Sigla', tipo: 'texto', ajuda: 'Como aparece na nota: UN, KG, LT, CX…' },
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    fracionado: { rotulo: 'Aceita quantidade fracionada', tipo: 'booleano' },
  },
  colunas: ['sigla', 'descricao', 'fracionado'],
  busca: ['sigla', 'descricao'],
  filtros: ['sigla', 'fracionado'],
  ordenacao: { campo: 'sigla', direcao: 'asc' },
  unicos: [['sigla']],
});
