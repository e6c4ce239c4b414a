import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const setorImpressaoProducao = defineRecurso({
  nome: 'setorImpressaoProducao',
  rotulo: 'Setor de impressão da produção',
  rotuloPlural: 'Setores de impressão da produção',
  escopo: 'empresa',
  schema: z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(80),
    impressora: z.string({ error: 'Escolha a impressora.' }).min(1, 'Escolha a impressora.'),
    copias: z.number().int().min(1, 'Pelo menos 1 via.').max(5, 'No máximo 5 vias.').default(1),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Padaria, confeitaria, cozinha central…' },
    impressora: { rotulo: 'Impressora', tipo: 'referencia' },
    copias: { rotulo: 'Vias', tipo: 'inteiro' },
  },
  colunas: ['descricao', 'impressora', 'copias'],
  busca: ['descricao'],
  filtros: ['impressora'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { impressora: 'impressora' },
  unicos: [['descricao']],
});
