import { z } from 'zod';
import { colunaDoConjunto, conjuntoDeDados, nomesConjuntos, type TipoMedida } from './conjuntosDeDados.ts';
import type { FiltroRelatorioPeriodo } from './relatorios.ts';

/**
 * A user-built report (relatoriosCriados): a data set, the columns chosen from it (dimensions the
 * rows are grouped by, measures added up), filters on dimensions, a dimension to subtotal by and the
 * order. Only names the data set declares are accepted (problemasDaDefinicao), so the server never
 * meets a raw column from the client. The period is not part of it: it is chosen when it runs.
 */
export const MAXIMO_DIMENSOES = 5;
export const MAXIMO_LINHAS_RELATORIO = 5000;

const textoCurto = z.string().trim().min(1).max(60);

export const definicaoRelatorioShape = {
  conjunto: z.enum(nomesConjuntos, { error: `Escolha o conjunto de dados (${nomesConjuntos.join(', ')}).` }),
  colunas: z.array(textoCurto, { error: 'Escolha as colunas.' }).min(1, 'Escolha ao menos uma coluna.').max(30, 'No máximo 30 colunas.'),
  filtros: z
    .array(z.object({ dimensao: textoCurto, valores: z.array(z.string().max(80)).min(1, 'Escolha ao menos um valor.').max(500, 'No máximo 500 valores.') }))
    .max(20)
    .default([]),
  /** A dimension among the columns: its rows get a subtotal line each. */
  agrupamento: z.string().max(60).nullable().default(null),
  ordenacao: z.array(z.object({ coluna: textoCurto, direcao: z.enum(['asc', 'desc'], { error: 'Direção: asc ou desc.' }) })).max(10).default([]),
  /** Cancelled sales (and items) count in the measures too; otherwise only in the measures of cancellations. */
  incluirCancelados: z.boolean().default(false),
};

export const definicaoRelatorio = z.object(definicaoRelatorioShape);
export type DefinicaoRelatorio = z.infer<typeof definicaoRelatorio>;

export interface ProblemaDefinicao {
  campo: 'conjunto' | 'colunas' | 'filtros' | 'agrupamento' | 'ordenacao';
  mensagem: string;
}

/**
 * What is wrong with a definition against its data set, each naming the unknown name: columns,
 * filters, subtotal and order must be the data set's; at least one measure; few enough dimensions.
 */
export function problemasDaDefinicao(d: Pick<DefinicaoRelatorio, 'conjunto' | 'colunas' | 'filtros' | 'agrupamento' | 'ordenacao'>): ProblemaDefinicao[] {
  const conjunto = conjuntoDeDados(d.conjunto);
  if (!conjunto) return [{ campo: 'conjunto', mensagem: `Conjunto de dados desconhecido: ${d.conjunto}.` }];
  const problemas: ProblemaDefinicao[] = [];
  const de = `em ${conjunto.rotulo}`;
  const desconhecida = d.colunas.find((c) => !colunaDoConjunto(conjunto, c));
  if (desconhecida) problemas.push({ campo: 'colunas', mensagem: `Coluna desconhecida ${de}: ${desconhecida}.` });
  const repetida = d.colunas.find((c, i) => d.colunas.indexOf(c) !== i);
  if (repetida) problemas.push({ campo: 'colunas', mensagem: `Coluna repetida: ${repetida}.` });
  const dimensoes = d.colunas.filter((c) => Object.hasOwn(conjunto.dimensoes, c));
  if (!d.colunas.some((c) => Object.hasOwn(conjunto.medidas, c))) problemas.push({ campo: 'colunas', mensagem: 'Escolha ao menos uma medida (vendas, total…).' });
  if (dimensoes.length > MAXIMO_DIMENSOES) problemas.push({ campo: 'colunas', mensagem: `No máximo ${MAXIMO_DIMENSOES} dimensões.` });
  for (const f of d.filtros) {
    const dimensao = Object.hasOwn(conjunto.dimensoes, f.dimensao) ? conjunto.dimensoes[f.dimensao] : undefined;
    if (!dimensao) problemas.push({ campo: 'filtros', mensagem: `Filtro desconhecido ${de}: ${f.dimensao}.` });
    else if (!dimensao.filtro) problemas.push({ campo: 'filtros', mensagem: `${dimensao.rotulo} não tem filtro: use o período.` });
    else if (dimensao.filtro.tipo === 'opcoes') {
      const opcoes = dimensao.filtro.opcoes.map((o) => o.valor);
      const fora = f.valores.find((v) => !opcoes.includes(v));
      if (fora !== undefined) problemas.push({ campo: 'filtros', mensagem: `${dimensao.rotulo}: valor desconhecido: ${fora}.` });
    }
  }
  if (new Set(d.filtros.map((f) => f.dimensao)).size !== d.filtros.length) problemas.push({ campo: 'filtros', mensagem: 'Um filtro por dimensão.' });
  if (d.agrupamento !== null && !dimensoes.includes(d.agrupamento)) {
    problemas.push({ campo: 'agrupamento', mensagem: `Subtotal por uma dimensão das colunas: ${d.agrupamento} não é uma delas.` });
  }
  const foraDasColunas = d.ordenacao.find((o) => !d.colunas.includes(o.coluna));
  if (foraDasColunas) problemas.push({ campo: 'ordenacao', mensagem: `Ordenar por uma das colunas: ${foraDasColunas.coluna} não é uma delas.` });
  return problemas;
}

/**
 * POST /api/relatoriosCriados/executar: the period filters of every sales report (de, ate, empresas,
 * canais) plus either `definicao` or `relatorio` (the _id of a saved report the user sees).
 */
export interface ExecucaoRelatorioCriado extends FiltroRelatorioPeriodo {
  definicao?: Partial<DefinicaoRelatorio>;
  relatorio?: string;
}

export interface ColunaResultado {
  nome: string;
  rotulo: string;
  papel: 'dimensao' | 'medida';
  /** Dimensions are text (their labels); measures as declared. */
  tipo: 'texto' | TipoMedida;
}

/** Dimension columns hold labels (text), measures numbers (centavos, counts) or decimal text. */
export type LinhaResultado = Record<string, string | number | null> & { _tipo: 'linha' | 'subtotal' };

export interface ResultadoRelatorioCriado {
  colunas: ColunaResultado[];
  /** In order; with a subtotal dimension, each group's subtotal line follows its rows. */
  linhas: LinhaResultado[];
  totais: Record<string, string | number | null>;
}
