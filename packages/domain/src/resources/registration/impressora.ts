import { z } from 'zod';
import { defineRecurso } from '../define.ts';

export const conexoesImpressora = ['Rede', 'USB', 'Serial', 'Bluetooth'] as const;

export const impressora = defineRecurso({
  nome: 'impressora',
  rotulo: 'Impressora',
  rotuloPlural: 'Impressoras',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string().trim().min(1, 'Informe a descrição.').max(80),
    modelo: z.string().trim().max(60).default(''),
    conexao: z.enum(conexoesImpressora, { error: 'Escolha a conexão.' }),
    endereco: z.string().trim().max(120).default(''),
    colunas: z.number().int('Informe um número inteiro de colunas.').min(24, 'Mínimo de 24 colunas.').max(80, 'Máximo de 80 colunas.').default(48),
    codificacao: z.string().trim().max(20).default('CP860'),
    cortaPapel: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto' },
    modelo: { rotulo: 'Modelo', tipo: 'texto' },
    conexao: { rotulo: 'Conexão', tipo: 'opcao', opcoes: conexoesImpressora },
    endereco: { rotulo: 'Endereço (IP:porta ou porta)', tipo: 'texto' },
    colunas: { rotulo: 'Colunas', tipo: 'inteiro' },
    codificacao: { rotulo: 'Codificação', tipo: 'texto' },
    cortaPapel: { rotulo: 'Corta o papel', tipo: 'booleano' },
  },
  colunas: ['descricao', 'modelo', 'conexao', 'endereco', 'colunas'],
  busca: ['descricao', 'modelo', 'endereco'],
  filtros: ['conexao'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});
