import { listas, mensagens, type EmpresaSessao, type GrupoSessao, type ItemLista } from '@retaguarda/domain';
import { chamar, ErroConfiguracao } from './chamada.ts';
import { periodoDoTerminal, semPeriodo, type PeriodoAberto } from './periodo.ts';
import type { ItemReferencia, ListaConfiguracao, Registro } from './store.ts';

export interface ContextoCarga {
  empresa: EmpresaSessao | null;
  grupoEmpresarial: GrupoSessao | null;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** Lists can be long (agrupadores of a big group): the server's page limit, not its default of 100. */
const LIMITE = 20000;

const semEmpresa = (lista: string) => new ErroConfiguracao(mensagens.falhaEmpresaIndefinida(lista));

export async function carregarFormasPagamento(ctx: ContextoCarga): Promise<Registro[]> {
  const lista = 'Forma Pagamento';
  if (!ctx.empresa) throw semEmpresa(lista);
  return chamar('POST', 'formaPagamento/getPopulate', { filtro: { empresa: ctx.empresa._id, lixo: false }, limit: LIMITE }, { lista, semResposta: mensagens.falhaComunicacaoLista(lista), signal: ctx.signal, fetch: ctx.fetch });
}

export async function carregarOperadoras(ctx: ContextoCarga): Promise<Registro[]> {
  const lista = 'Operadoras';
  if (!ctx.empresa) throw semEmpresa(lista);
  return chamar('POST', 'operadora/getPopulate', { filtro: { empresa: ctx.empresa._id, lixo: false }, limit: LIMITE }, { lista, semResposta: mensagens.falhaComunicacaoLista(lista), signal: ctx.signal, fetch: ctx.fetch });
}

export async function carregarSetoresImpressao(ctx: ContextoCarga): Promise<Registro[]> {
  const lista = 'Setores de Impressão';
  if (!ctx.empresa) throw semEmpresa(lista);
  return chamar('POST', 'setorImpressao/getPopulate', { filtro: { empresa: ctx.empresa._id, lixo: false }, populateObj: 'impressora', limit: LIMITE }, { lista, signal: ctx.signal, fetch: ctx.fetch });
}

export async function carregarAgrupadores(ctx: ContextoCarga): Promise<Registro[]> {
  const lista = 'Agrupadores';
  // The group comes with the company: without it there is no group to ask for either.
  if (!ctx.empresa || !ctx.grupoEmpresarial) throw semEmpresa(lista);
  return chamar(
    'POST',
    'agrupador/getPopulate',
    { filtro: { grupoEmpresarial: ctx.grupoEmpresarial._id, lixo: false }, sort: { created_at: 1 }, limit: LIMITE },
    { lista, signal: ctx.signal, fetch: ctx.fetch },
  );
}

/** The reference lists of GET lista/{n} and where each is kept. */
export const listasDeReferencia: readonly { n: number; campo: ListaConfiguracao }[] = [
  { n: 1, campo: 'estados' },
  { n: 2, campo: 'tiposEndereco' },
  { n: 3, campo: 'tiposTelefone' },
  { n: 4, campo: 'tiposEnderecoEletronico' },
  { n: 5, campo: 'sexos' },
  { n: 7, campo: 'tiposPessoa' },
  { n: 8, campo: 'statusOperacao' },
  { n: 10, campo: 'statusPagamento' },
  { n: 11, campo: 'statusExpedicao' },
  { n: 14, campo: 'tiposPagamento' },
];

/** SPEC.md §4: payment status (10) and dispatch status (11) arrive with their first four items preselected. */
const PRESELECIONADAS = new Set([10, 11]);

export async function carregarListaReferencia(n: number, ctx: ContextoCarga): Promise<ItemReferencia[]> {
  const itens = await chamar<ItemLista[]>('GET', `lista/${n}`, undefined, { lista: listas[n]?.nome ?? `Lista ${n}`, signal: ctx.signal, fetch: ctx.fetch });
  const lista = Array.isArray(itens) ? itens : [];
  return PRESELECIONADAS.has(n) ? lista.map((item, i) => ({ ...item, selecionado: i < 4 })) : lista;
}

/** The company record of SPEC.md §7 (empresa/getPopulate by _id). */
export async function carregarEmpresaPadrao(ctx: ContextoCarga): Promise<Registro> {
  if (!ctx.empresa) throw new ErroConfiguracao(mensagens.configuracaoEmpresaPadraoAusente);
  const achadas = await chamar<Registro[]>('POST', 'empresa/getPopulate', { filtro: { _id: ctx.empresa._id, lixo: false } }, { lista: 'Empresa Padrão', signal: ctx.signal, fetch: ctx.fetch });
  const empresa = Array.isArray(achadas) ? achadas[0] : undefined;
  if (!empresa) throw new ErroConfiguracao(mensagens.empresaPadraoNaoEncontrada);
  if (!empresa.configuracoes || typeof empresa.configuracoes !== 'object') throw new ErroConfiguracao(mensagens.configuracaoEmpresaPadraoAusente);
  return empresa;
}

/** Companies a call-center company takes orders for (configuracoes.empresasCallCenter). */
export async function carregarEmpresasCallCenter(empresaPadrao: Registro, ctx: ContextoCarga): Promise<Registro[]> {
  const config = empresaPadrao.configuracoes as { callCenter?: unknown; empresasCallCenter?: unknown } | undefined;
  const ids = Array.isArray(config?.empresasCallCenter) ? (config.empresasCallCenter as unknown[]).filter((id): id is string => typeof id === 'string') : [];
  if (!config?.callCenter || ids.length === 0) return [];
  return chamar('POST', 'empresa/getPopulate', { filtro: { _id: { $in: ids }, lixo: false } }, { lista: 'Empresas Call Center', signal: ctx.signal, fetch: ctx.fetch });
}

/** The terminal chosen for this computer, with its cashier populated; null when none is chosen. */
export async function carregarTerminalPadrao(empresaPadrao: Registro | null, terminalId: string | null, ctx: ContextoCarga): Promise<Registro | null> {
  if (!empresaPadrao) throw new ErroConfiguracao(mensagens.empresaPadraoAntesDoTerminal);
  if (!terminalId) return null;
  const achados = await chamar<Registro[]>(
    'POST',
    'terminal/getPopulate',
    { filtro: { _id: terminalId, empresa: empresaPadrao._id, lixo: false }, populate: 'configuracoes.caixa' },
    { lista: 'Terminal Padrão', signal: ctx.signal, fetch: ctx.fetch },
  );
  const terminal = Array.isArray(achados) ? achados[0] : undefined;
  if (!terminal) throw new ErroConfiguracao(mensagens.terminalPadraoNaoEncontrado);
  return terminal;
}

/**
 * The open period of the terminal's cashier (SPEC.md §4); skipped in call-center mode, and without a
 * terminal cashier there is nothing to match.
 */
export async function carregarPeriodo(empresaPadrao: Registro | null, terminal: Registro | null, ctx: ContextoCarga): Promise<PeriodoAberto> {
  const lista = 'Período';
  if ((empresaPadrao?.configuracoes as { callCenter?: unknown } | undefined)?.callCenter) return semPeriodo;
  if (!ctx.empresa || !ctx.grupoEmpresarial) throw semEmpresa(lista);
  if (!(terminal?.configuracoes as { caixa?: unknown } | undefined)?.caixa) return semPeriodo;
  const periodos = await chamar<Registro[]>(
    'POST',
    'periodo/getPopulate',
    { filtro: { empresa: ctx.empresa._id, grupoEmpresarial: ctx.grupoEmpresarial._id, periodoAberto: true, lixo: false } },
    { lista, signal: ctx.signal, fetch: ctx.fetch },
  );
  return periodoDoTerminal(Array.isArray(periodos) ? periodos : [], terminal);
}
