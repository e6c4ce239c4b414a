import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { textoObrigatorio } from './texto.ts';
import { canaisVenda } from './canais.ts';

/** Said on the three loyalty screens: balances need the sales that earn and spend them. */
export const avisoSaldosFidelidade =
  'Saldos e extratos dos clientes: os pontos e o cashback nascem das vendas, e as vendas ainda não chegam a este sistema. Por isso ainda não há saldo nem extrato por cliente; aqui ficam só as regras.';

/** The loyalty programme of the group: which stores and channels take part. */
export const programaFidelidade = defineRecurso({
  nome: 'programaFidelidade',
  rotulo: 'Programa de fidelidade',
  rotuloPlural: 'Programas de fidelidade',
  escopo: 'grupo',
  schema: () => z.object({
    nome: textoObrigatorio('Informe o nome.', 80),
    ativo: z.boolean().default(true),
    // Ids of the group's companies (checked on save).
    empresas: z
      .array(z.string().min(1), { error: (issue) => (issue.input === undefined ? 'Escolha ao menos uma empresa.' : undefined) })
      .min(1, 'Escolha ao menos uma empresa.'),
    canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).min(1, 'Escolha ao menos um canal.').default([...canaisVenda]),
    regulamento: z.string().trim().max(4000, 'No máximo 4000 caracteres.').default(''),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
    empresas: { rotulo: 'Empresas participantes', tipo: 'referencias' },
    canais: { rotulo: 'Canais', tipo: 'opcoes', opcoes: canaisVenda },
    regulamento: { rotulo: 'Regulamento', tipo: 'textoLongo', ajuda: 'Texto que o cliente pode ler: como ganha, como troca, validade.' },
  },
  colunas: ['nome', 'empresas', 'canais', 'ativo'],
  busca: ['nome'],
  filtros: ['canais', 'ativo'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  relacoes: { empresas: 'empresa' },
  unicos: [['nome']],
  avisos: [avisoSaldosFidelidade],
});
