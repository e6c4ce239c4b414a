import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const descontoMotivo = defineRecurso({
  nome: 'descontoMotivo',
  rotulo: 'Motivo de desconto',
  rotuloPlural: 'Motivos de desconto',
  escopo: 'grupo',
  schema: z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(80),
    exigeAutorizacao: z.boolean().default(false),
    percentualMaximo: z.number().min(0, 'O percentual não pode ser negativo.').max(100, 'O percentual máximo é 100.').nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    exigeAutorizacao: { rotulo: 'Exige autorização do gerente', tipo: 'booleano' },
    percentualMaximo: { rotulo: 'Desconto máximo (%)', tipo: 'percentual' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'exigeAutorizacao', 'percentualMaximo', 'ativo'],
  busca: ['descricao'],
  filtros: ['exigeAutorizacao', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});
