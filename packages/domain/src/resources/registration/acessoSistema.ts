import { z } from 'zod';
import { acoesPdv } from '../../permissoes/permissoes.ts';
import { telasPermissoesSchema } from '../../permissoes/telasPermissoes.ts';
import { defineRecurso } from '../define.ts';

/** Access profiles: what the users given a profile may do on each screen and on the store terminal. */
export const acessoSistema = defineRecurso({
  nome: 'acessoSistema',
  rotulo: 'Perfil de acesso',
  rotuloPlural: 'Perfis de acesso',
  escopo: 'grupo',
  schema: () => z.object({
    nome: z.string().trim().min(1, 'Informe o nome do perfil.').max(60, 'No máximo 60 caracteres.'),
    observacao: z.string().trim().max(200, 'No máximo 200 caracteres.').default(''),
    telas: telasPermissoesSchema.default({}),
    pdv: z.array(z.enum(acoesPdv, { error: 'Ação do PDV desconhecida.' })).default([]),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto' },
    observacao: { rotulo: 'Observação', tipo: 'texto' },
    telas: { rotulo: 'Permissões por tela', tipo: 'permissoes', ajuda: 'Marque o que o perfil pode fazer em cada tela. Qualquer ação inclui Ver.' },
    pdv: { rotulo: 'Ações no PDV', tipo: 'opcoes', opcoes: acoesPdv },
  },
  colunas: ['nome', 'observacao'],
  busca: ['nome', 'observacao'],
  filtros: ['nome'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  unicos: [['nome']],
});
