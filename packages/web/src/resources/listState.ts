import { normalizarDecimal, type RecursoDef } from '@retaguarda/domain';

/**
 * The state of a list screen lives in the URL (Saleor style), so reload, back and a shared link
 * keep the search, filters, order, page, trash view and the open form:
 *   ?busca=kg&fracionado=sim&ordenar=-sigla&pagina=2&lixo=1&editar=<id>
 * Filters use the field name itself; booleans are 'sim' / 'nao'.
 */
export const PAGE_SIZE = 50;
/** Page sizes on offer (?por=200); 'todos' asks for the server's cap. */
export const PAGE_SIZES = [50, 200, 1000] as const;
export const TODOS = 20000;

export interface Ordem {
  campo: string;
  direcao: 'asc' | 'desc';
}

export type Formulario = { modo: 'editar'; id: string } | { modo: 'novo'; duplicar?: string } | null;

export interface ListState {
  busca: string;
  filtros: Record<string, string>;
  ordem: Ordem;
  pagina: number;
  /** Rows per page: 50 (default), 200, 1000 or TODOS (?por=todos). */
  por: number;
  lixo: boolean;
  formulario: Formulario;
}

const RESERVED = new Set(['busca', 'ordenar', 'pagina', 'por', 'lixo', 'editar', 'novo', 'duplicar']);

export function defaultOrdem(recurso: RecursoDef): Ordem {
  return { campo: recurso.ordenacao.campo, direcao: recurso.ordenacao.direcao };
}

/** The page of the URL (?pagina=, from 1), never below 1: a list's, or a paged report's. */
export const paginaDaUrl = (params: URLSearchParams): number => Math.max(1, Math.trunc(Number(params.get('pagina'))) || 1);

export function parseListState(params: URLSearchParams, recurso: RecursoDef): ListState {
  const filtros: Record<string, string> = {};
  for (const campo of recurso.filtros as readonly string[]) {
    if (RESERVED.has(campo)) continue;
    const valor = params.get(campo);
    if (valor !== null && valor !== '') filtros[campo] = valor;
  }
  let ordem = defaultOrdem(recurso);
  const ordenar = params.get('ordenar');
  if (ordenar) {
    const desc = ordenar.startsWith('-');
    const campo = desc ? ordenar.slice(1) : ordenar;
    if ((recurso.colunas as readonly string[]).includes(campo) || campo === recurso.ordenacao.campo) ordem = { campo, direcao: desc ? 'desc' : 'asc' };
  }
  const porParam = params.get('por');
  const por = porParam === 'todos' ? TODOS : (PAGE_SIZES as readonly number[]).includes(Number(porParam)) ? Number(porParam) : PAGE_SIZE;
  const editar = params.get('editar');
  const formulario: Formulario = editar
    ? { modo: 'editar', id: editar }
    : params.get('novo') === '1'
      ? params.get('duplicar')
        ? { modo: 'novo', duplicar: params.get('duplicar')! }
        : { modo: 'novo' }
      : null;
  return { busca: params.get('busca') ?? '', filtros, ordem, pagina: paginaDaUrl(params), por, lixo: params.get('lixo') === '1', formulario };
}

/** Writes the state back, leaving defaults out so the plain screen has a plain URL. */
export function writeListState(state: ListState, recurso: RecursoDef, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...RESERVED, ...(recurso.filtros as readonly string[])]) params.delete(key);
  if (state.busca) params.set('busca', state.busca);
  for (const [campo, valor] of Object.entries(state.filtros)) if (valor !== '') params.set(campo, valor);
  const padrao = defaultOrdem(recurso);
  if (state.ordem.campo !== padrao.campo || state.ordem.direcao !== padrao.direcao) {
    params.set('ordenar', `${state.ordem.direcao === 'desc' ? '-' : ''}${state.ordem.campo}`);
  }
  if (state.pagina > 1) params.set('pagina', String(state.pagina));
  if (state.por !== PAGE_SIZE) params.set('por', state.por >= TODOS ? 'todos' : String(state.por));
  if (state.lixo) params.set('lixo', '1');
  if (state.formulario?.modo === 'editar') params.set('editar', state.formulario.id);
  if (state.formulario?.modo === 'novo') {
    params.set('novo', '1');
    if (state.formulario.duplicar) params.set('duplicar', state.formulario.duplicar);
  }
  return params;
}

export interface GetPopulateBody {
  filtro: Record<string, unknown>;
  populate?: string[];
  sort: Record<string, 1 | -1>;
  limit: number;
  skip: number;
  /** Only what the list shows, references by what names them, written by the database (issue 19: 20,000 rows). */
  colunas?: boolean;
}

/** The getPopulate request of a list state. */
export function toGetPopulate(state: ListState, recurso: RecursoDef): GetPopulateBody {
  const filtro: Record<string, unknown> = { lixo: state.lixo };
  if (state.busca.trim()) filtro.busca = state.busca.trim();
  for (const [campo, valor] of Object.entries(state.filtros)) {
    const tipo = recurso.campos[campo]?.tipo;
    if (tipo === 'booleano') {
      if (valor === 'sim' || valor === 'nao') filtro[campo] = valor === 'sim';
    } else if (tipo === 'opcao' || tipo === 'referencia' || tipo === 'opcoes' || tipo === 'referencias') {
      // On an array field the server reads one value as "contains".
      filtro[campo] = valor;
    } else if (tipo === 'decimal' || tipo === 'percentual') {
      // Sent as exact text ('18,5' → '18.5'); the server compares it as numeric.
      const texto = normalizarDecimal(valor);
      if (texto !== null) filtro[campo] = texto;
    } else if (tipo === 'inteiro' || tipo === 'dinheiro') {
      const n = Number(valor.replace(',', '.'));
      if (Number.isFinite(n)) filtro[campo] = n;
    } else {
      // The server reads $regex as "contains", ignoring case, with the text taken literally.
      filtro[campo] = { $regex: valor.trim() };
    }
  }
  const populate = Object.keys(recurso.relacoes ?? {});
  return {
    filtro,
    ...(populate.length ? { populate } : {}),
    sort: { [state.ordem.campo]: state.ordem.direcao === 'desc' ? -1 : 1 },
    limit: state.por,
    skip: (state.pagina - 1) * state.por,
    // The rows carry only the columns (populate stays for the server's fallback on nested references).
    colunas: true,
  };
}
