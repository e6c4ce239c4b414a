import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const protocolosBalanca = ['Toledo', 'Filizola', 'Urano', 'Elgin', 'Magna'] as const;

export const balanca = defineRecurso({
  nome: 'balanca',
  rotulo: 'Balança',
  rotuloPlural: 'Balanças',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(60),
    modelo: z.string().trim().max(60).default(''),
    porta: z.string().trim().max(60).default(''),
    protocolo: z.enum(protocolosBalanca, { error: 'Escolha o protocolo.' }),
    prefixoEan: z.string().trim().regex(/^2\d?$/, 'O prefixo das etiquetas da balança é 2 seguido de no máximo um dígito.').default('2'),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    modelo: { rotulo: 'Modelo', tipo: 'texto' },
    porta: { rotulo: 'Porta', tipo: 'texto', ajuda: 'COM1, /dev/ttyUSB0 ou IP:porta' },
    protocolo: { rotulo: 'Protocolo', tipo: 'opcao', opcoes: protocolosBalanca },
    prefixoEan: { rotulo: 'Prefixo do EAN', tipo: 'texto', ajuda: 'Etiquetas de peso/preço começam com 2.' },
  },
  colunas: ['descricao', 'modelo', 'porta', 'protocolo'],
  busca: ['descricao', 'modelo'],
  filtros: ['protocolo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});
