import { z } from 'zod';
import { conjuntosDeDados, nomesConjuntos } from '../../sales/conjuntosDeDados.ts';
import { definicaoRelatorioShape, problemasDaDefinicao } from '../../sales/relatorioCriado.ts';
import { defineRecurso } from '../define.ts';

/** Every column name of every data set, for the `opcoes` field (the rules check them per data set). */
const todasAsColunas = [...new Set(Object.values(conjuntosDeDados).flatMap((c) => [...Object.keys(c.dimensoes), ...Object.keys(c.medidas)]))];

/**
 * A report a user built on relatoriosCriados: its definition (data set, columns, filters, subtotal,
 * order) and whether the group sees it. `autor` is written by the server from the session; a report
 * not shared is seen, run, changed and deleted by its author only (server hook relatorioCriado).
 */
export const relatorioCriado = defineRecurso({
  nome: 'relatorioCriado',
  tela: 'relatoriosCriados',
  rotulo: 'Relatório criado',
  rotuloPlural: 'Relatórios criados',
  escopo: 'grupo',
  // The page is relatoriosCriados' builder, not the generic list and form.
  semTela: true,
  // Saved reports are read on relatoriosCriados only: reading them needs 'ver' on that screen.
  leituraRestrita: true,
  schema: () => z.object({
    nome: z.string({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(80, 'No máximo 80 caracteres.'),
    descricao: z.string().trim().max(300, 'No máximo 300 caracteres.').default(''),
    ...definicaoRelatorioShape,
    compartilhado: z.boolean().default(false),
    autor: z.string().default(''),
  }),
  campos: {
    nome: { rotulo: 'Nome', tipo: 'texto' },
    descricao: { rotulo: 'Descrição', tipo: 'textoLongo' },
    conjunto: { rotulo: 'Conjunto de dados', tipo: 'opcao', opcoes: nomesConjuntos, rotulosOpcoes: Object.fromEntries(Object.entries(conjuntosDeDados).map(([n, c]) => [n, c.rotulo])) },
    colunas: { rotulo: 'Colunas', tipo: 'opcoes', opcoes: todasAsColunas },
    filtros: {
      rotulo: 'Filtros',
      tipo: 'lista',
      campos: { dimensao: { rotulo: 'Dimensão', tipo: 'texto' }, valores: { rotulo: 'Valores', tipo: 'opcoes' } },
    },
    agrupamento: { rotulo: 'Subtotal por', tipo: 'texto' },
    ordenacao: {
      rotulo: 'Ordenação',
      tipo: 'lista',
      campos: { coluna: { rotulo: 'Coluna', tipo: 'texto' }, direcao: { rotulo: 'Direção', tipo: 'opcao', opcoes: ['asc', 'desc'] } },
    },
    incluirCancelados: { rotulo: 'Incluir vendas canceladas', tipo: 'booleano' },
    compartilhado: { rotulo: 'Compartilhado com o grupo', tipo: 'booleano' },
    autor: { rotulo: 'Autor', tipo: 'texto', somenteLeitura: true },
  },
  colunas: ['nome', 'conjunto', 'compartilhado'],
  busca: ['nome', 'descricao'],
  filtros: ['nome', 'conjunto', 'compartilhado', 'autor'],
  ordenacao: { campo: 'nome', direcao: 'asc' },
  regras: (d) => problemasDaDefinicao(d),
});
