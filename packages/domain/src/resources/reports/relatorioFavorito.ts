import { z } from 'zod';
import { screens } from '../../navigation/screens.ts';
import { defineRecurso } from '../define.ts';

/** Reports that live in another area's menu (Stock) but belong in the catalogue too. */
const relatoriosDeOutrasAreas = ['listaProdutosVendidos'];

/** The screens relatoriosDoSistema lists: every report and dashboard, but the catalogue itself. */
export const telasDeRelatorio = screens
  .filter((s) => ((s.area === 'reports' || s.area === 'dashboards') && s.name !== 'relatoriosDoSistema') || relatoriosDeOutrasAreas.includes(s.name))
  .map((s) => s.name);

/**
 * A user's favourite report (relatoriosDoSistema shows them first). The server writes `usuario`
 * from the session; a user's favourite is theirs only by that field.
 */
export const relatorioFavorito = defineRecurso({
  nome: 'relatorioFavorito',
  rotulo: 'Relatório favorito',
  rotuloPlural: 'Relatórios favoritos',
  escopo: 'grupo',
  semTela: true,
  schema: () => z.object({
    tela: z.string({ error: 'Escolha o relatório.' }).refine((t) => telasDeRelatorio.includes(t), 'Relatório desconhecido.'),
    usuario: z.string().default(''),
    /** Order among the user's favourites. */
    posicao: z.number().int().min(0, 'A posição não pode ser negativa.').default(0),
  }),
  campos: {
    tela: { rotulo: 'Relatório', tipo: 'texto' },
    usuario: { rotulo: 'Usuário', tipo: 'texto', somenteLeitura: true },
    posicao: { rotulo: 'Posição', tipo: 'inteiro' },
  },
  colunas: ['tela'],
  busca: ['tela'],
  filtros: ['tela', 'usuario'],
  ordenacao: { campo: 'tela', direcao: 'asc' },
  unicos: [['usuario', 'tela']],
});
