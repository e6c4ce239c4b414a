import { z } from 'zod';
import { defineRecurso } from '../define.ts';

/** The group's own apps and devices. A device signs in with its credential, never with a person's password. */
export const tiposAppSistema = ['KDS', 'PDV', 'Totem', 'Garçom', 'Smart POS'] as const;

export const appSistema = defineRecurso({
  nome: 'appSistema',
  rotulo: 'Aplicativo do sistema',
  rotuloPlural: 'Aplicativos do sistema',
  escopo: 'empresa',
  schema: () => z.object({
    descricao: z.string({ error: 'Informe a descrição.' }).trim().min(1, 'Informe a descrição.').max(60, 'No máximo 60 caracteres.'),
    tipo: z.enum(tiposAppSistema, { error: 'Escolha o tipo.' }),
    /** The station a KDS board shows. */
    estacao: z.string().min(1).nullable().default(null),
    ativo: z.boolean().default(true),
  }),
  campos: {
    descricao: { rotulo: 'Descrição', tipo: 'texto', ajuda: 'TV da chapa, tablet do bar, PDV do balcão…' },
    tipo: { rotulo: 'Tipo', tipo: 'opcao', opcoes: tiposAppSistema },
    estacao: { rotulo: 'Estação KDS', tipo: 'referencia', visivelSe: { tipo: 'KDS' }, ajuda: 'A estação que esta tela mostra.' },
    ativo: { rotulo: 'Ativo', tipo: 'booleano', ajuda: 'Desmarcado, o aparelho não consegue mais entrar.' },
  },
  colunas: ['descricao', 'tipo', 'estacao', 'ativo'],
  busca: ['descricao'],
  filtros: ['tipo', 'estacao', 'ativo'],
  ordenacao: { campo: 'descricao', direcao: 'asc' },
  relacoes: { estacao: 'kdsEstacao' },
  unicos: [['descricao']],
  regras: (d) => (d.tipo === 'KDS' && !d.estacao ? [{ campo: 'estacao', mensagem: 'Escolha a estação que esta tela KDS mostra.' }] : []),
});
