import { z } from 'zod';
import { defineRecurso } from '../define.ts';
import { camposTempoKds, minutosKds, regraTemposKds, sonsKds } from './tempos.ts';

/** The dispatch screen: gathers the sectors of an order and shows each one's progress until it leaves. */
export const kdsExpedicao = defineRecurso({
  nome: 'kdsExpedicao',
  rotulo: 'Expedição KDS',
  rotuloPlural: 'Expedições KDS',
  feminino: true,
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    setores: z.array(z.string().min(1), { error: 'Escolha os setores.' }).min(1, 'Escolha pelo menos um setor.'),
    minutosAlerta: minutosKds('o alerta', 12),
    minutosAtraso: minutosKds('o atraso', 20),
    som: z.enum(sonsKds).default('Sino'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Passe do salão, balcão do delivery…' },
    setores: { rotulo: 'Setores reunidos', tipo: 'referencias', ajuda: 'O pedido sai quando todos os seus itens destes setores estão prontos.' },
    ...camposTempoKds,
    ativo: { rotulo: 'Ativa', tipo: 'booleano' },
  },
  colunas: ['descricao', 'setores', 'minutosAlerta', 'minutosAtraso', 'ativo'],
  busca: ['descricao'],
  filtros: ['setores', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { setores: 'kdsSetor' },
  unicos: [['descricao']],
  regras: regraTemposKds,
});
