import { conjuntoDeDados, type DefinicaoRelatorio } from '@retaguarda/domain';

/**
 * The builder's definition in the URL, so a reload or a copied link shows the same unsaved report:
 * ?conjunto=itensVendidos&coluna=canal&coluna=total&filtro=produto&filtro.produto=<id>&subtotal=canal
 * &ordem=total:desc&cancelados=1. The names stay clear of the filters every sales report keeps there
 * (de, ate, canal, terminal, operador, periodoPorHora) and of ?relatorio= (the saved report open).
 */
const CHAVES = ['conjunto', 'coluna', 'filtro', 'subtotal', 'ordem', 'cancelados'] as const;
const valoresDo = (dimensao: string) => `filtro.${dimensao}`;

/** The params with the definition written in (replacing any other definition there). */
export function escreverDefinicao(params: URLSearchParams, d: DefinicaoRelatorio): URLSearchParams {
  const proximo = apagarDefinicao(params);
  proximo.set('conjunto', d.conjunto);
  for (const c of d.colunas) proximo.append('coluna', c);
  for (const f of d.filtros) {
    // The dimension alone keeps a filter just added, with no value picked yet.
    proximo.append('filtro', f.dimensao);
    for (const v of f.valores) proximo.append(valoresDo(f.dimensao), v);
  }
  if (d.agrupamento) proximo.set('subtotal', d.agrupamento);
  for (const o of d.ordenacao) proximo.append('ordem', `${o.coluna}:${o.direcao}`);
  if (d.incluirCancelados) proximo.set('cancelados', '1');
  return proximo;
}

/** The params without any definition (a new report, or a saved one opened as saved). */
export function apagarDefinicao(params: URLSearchParams): URLSearchParams {
  const proximo = new URLSearchParams(params);
  for (const chave of [...proximo.keys()]) if ((CHAVES as readonly string[]).includes(chave) || chave.startsWith('filtro.')) proximo.delete(chave);
  return proximo;
}

/**
 * The definition the URL holds, or null when it holds none. A link edited by hand (or from an older
 * version) loses what its data set does not declare, so the builder never meets an unknown name;
 * an empty column list stays empty (the builder says what is missing).
 */
export function lerDefinicao(params: URLSearchParams): DefinicaoRelatorio | null {
  const nome = params.get('conjunto');
  const conjunto = nome ? conjuntoDeDados(nome) : undefined;
  if (!nome || !conjunto) return null;
  const conhecida = (c: string) => Object.hasOwn(conjunto.dimensoes, c) || Object.hasOwn(conjunto.medidas, c);
  const colunas = [...new Set(params.getAll('coluna'))].filter(conhecida);
  const filtros = [...new Set(params.getAll('filtro'))]
    .filter((dimensao) => Object.hasOwn(conjunto.dimensoes, dimensao) && conjunto.dimensoes[dimensao]!.filtro)
    .map((dimensao) => ({ dimensao, valores: params.getAll(valoresDo(dimensao)) }));
  const subtotal = params.get('subtotal');
  const ordenacao = params
    .getAll('ordem')
    .map((o) => {
      const [coluna = '', direcao] = o.split(':');
      return { coluna, direcao: direcao === 'asc' ? ('asc' as const) : ('desc' as const) };
    })
    .filter((o) => colunas.includes(o.coluna));
  return {
    conjunto: nome as DefinicaoRelatorio['conjunto'],
    colunas,
    filtros,
    agrupamento: subtotal && colunas.includes(subtotal) && Object.hasOwn(conjunto.dimensoes, subtotal) ? subtotal : null,
    ordenacao,
    incluirCancelados: params.get('cancelados') === '1',
  };
}
