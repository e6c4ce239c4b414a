import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** A stock sector of the group (cozinha, bar, almoxarifado…): groups locations for counts and reports. */
export const estoqueSetorCadastro = defineRecurso({
  nome: 'estoqueSetorCadastro',
  rotulo: 'Setor de estoque',
  rotuloPlural: 'Setores de estoque',
  escopo: 'grupo',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(80, 'No máximo 80 caracteres.'),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'Cozinha, bar, almoxarifado, câmara fria…' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano' },
  },
  colunas: ['descricao', 'ativo'],
  busca: ['descricao'],
  filtros: ['ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  unicos: [['descricao']],
});
