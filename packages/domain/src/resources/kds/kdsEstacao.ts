import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { camposTempoKds, minutosKds, regraTemposKds, sonsKds } from './tempos.ts';

/** A kitchen screen (TV or tablet): the sectors whose items it shows, its layout, timers and sound. */
export const kdsEstacao = defineRecurso({
  nome: 'kdsEstacao',
  rotulo: 'Estação KDS',
  rotuloPlural: 'Estações KDS',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    setores: z.array(z.string().min(1), { error: 'Escolha os setores.' }).min(1, 'Escolha pelo menos um setor.'),
    colunas: z.number({ error: 'Informe as colunas.' }).int('Colunas: um número inteiro.').min(1, 'Colunas: pelo menos 1.').max(8, 'Colunas: no máximo 8.').default(4),
    minutosAlerta: minutosKds('o alerta', 8),
    minutosAtraso: minutosKds('o atraso', 15),
    som: z.enum(sonsKds).default('Campainha'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Chapa, cozinha quente, bar…' },
    setores: { rotulo: 'Setores mostrados', tipo: 'referencias', ajuda: 'A estação mostra os itens destes setores.' },
    colunas: { rotulo: 'Colunas', tipo: 'inteiro', ajuda: 'Quantos pedidos lado a lado na tela.' },
    ...camposTempoKds,
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['descricao', 'setores', 'colunas', 'minutosAlerta', 'minutosAtraso', 'ativo'],
  busca: ['descricao'],
  filtros: ['setores', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { setores: 'kdsSetor' },
  unicos: [['descricao']],
  regras: regraTemposKds,
});
