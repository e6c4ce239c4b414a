import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const smartPos = defineRecurso({
  nome: 'smartPos',
  rotulo: 'Smart POS',
  rotuloPlural: 'Smart POS',
  escopo: 'empresa',
  schema: () => z.object({
    serial: z.string().trim().min(1, 'Informe o número de série.').max(60),
    adquirente: z.string().trim().max(60).default(''),
    terminal: z.string().min(1).nullable().default(null),
  }),
  campos: {
    serial: { rotulo: 'Número de série', tipo: 'texto' },
    adquirente: { rotulo: 'Adquirente', tipo: 'texto', ajuda: 'Cielo, Rede, Stone, GetNet, PagSeguro…' },
    terminal: { rotulo: 'Terminal', tipo: 'referencia' },
  },
  colunas: ['serial', 'adquirente', 'terminal'],
  busca: ['serial', 'adquirente'],
  filtros: ['adquirente', 'terminal'],
  ordenacao: { campo: 'serial', direcao: 'asc' },
  relacoes: { terminal: 'terminal' },
  unicos: [['serial']],
});
