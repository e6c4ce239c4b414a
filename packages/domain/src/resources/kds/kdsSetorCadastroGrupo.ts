import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** Which preparation sector makes the products of a product group in this store (Lanches → Chapa). */
export const kdsSetorCadastroGrupo = defineRecurso({
  nome: 'kdsSetorCadastroGrupo',
  rotulo: 'Setor KDS do agrupador',
  rotuloPlural: 'Setores KDS por agrupador',
  escopo: 'empresa',
  schema: () => z.object({
    agrupador: z.string({ error: 'Escolha o agrupador.' }).min(1, 'Escolha o agrupador.'),
    setor: z.string({ error: 'Escolha o setor KDS.' }).min(1, 'Escolha o setor KDS.'),
  }),
  campos: {
    agrupador: { rotulo: 'Agrupador', tipo: 'referencia' },
    setor: { rotulo: 'Setor KDS', tipo: 'referencia', ajuda: 'Os produtos do agrupador aparecem nas estações que mostram este setor.' },
  },
  colunas: ['agrupador', 'setor'],
  busca: [],
  filtros: ['agrupador', 'setor'],
  ordenacao: { campo: 'agrupador', direcao: 'asc' },
  relacoes: { agrupador: 'agrupador', setor: 'kdsSetor' },
  unicos: [['agrupador']],
});
