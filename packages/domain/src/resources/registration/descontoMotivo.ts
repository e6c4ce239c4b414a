import { z } from 'zod';
import { decimalExato } from '../../shared/decimalExato.ts';
import { defineRecurso } from '../define.ts';

export const descontoMotivo = defineRecurso({
  nome: 'descontoMotivo',
  rotulo: 'Motivo de desconto',
  rotuloPlural: 'Motivos de desconto',
  escopo: 'grupo',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(80),
    exigeAutorizacao: z.boolean().default(false),
    percentualMaximo: decimalExato({ casas: 2, min: '0', max: '100', rotulo: 'o percentual' }).nullable().default(null),
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
