import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const horaHHMM = (rotulo: string) => z.string({ error: `Informe ${rotulo}.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida (use HH:MM).');

export const periodoPorHora = defineRecurso({
  nome: 'periodoPorHora',
  rotulo: 'Período por hora',
  rotuloPlural: 'Períodos por hora',
  escopo: 'grupo',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(60),
    horaInicio: horaHHMM('a hora de início'),
    horaFim: horaHHMM('a hora de fim'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Almoço, jantar, madrugada…' },
    horaInicio: { rotulo: 'Início', tipo: 'hora' },
    horaFim: { rotulo: 'Fim', tipo: 'hora', ajuda: 'Antes do início quando o período passa da meia-noite.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'horaInicio', 'horaFim', 'ativo'],
  busca: ['descricao'],
  filtros: ['ativo'],
  ordenacao: { campo: 'horaInicio', direcao: 'asc' },
  unicos: [['descricao']],
  regras: (d) => (d.horaInicio === d.horaFim ? [{ campo: 'horaFim', mensagem: 'O fim deve ser diferente do início.' }] : []),
});
