import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const agrupador = defineRecurso({
  nome: 'agrupador',
  rotulo: 'Agrupador',
  rotuloPlural: 'Agrupadores',
  escopo: 'grupo',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(80),
    agrupadorPai: z.string().nullable().default(null),
    cor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida (use #RRGGBB).').nullable().default(null),
    ordem: z.number().int().min(0).default(0),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    agrupadorPai: { rotulo: 'Agrupador pai', tipo: 'referencia' },
    cor: { rotulo: 'Cor', tipo: 'cor' },
    ordem: { rotulo: 'Ordem', tipo: 'inteiro' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'agrupadorPai', 'cor', 'ordem', 'ativo'],
  busca: ['descricao'],
  filtros: ['agrupadorPai', 'ativo'],
  ordenacao: { campo: 'ordem', direcao: 'asc' },
  relacoes: { agrupadorPai: 'agrupador' },
  unicos: [['descricao']],
});
