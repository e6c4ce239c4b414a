import { mensagens } from '@retaguarda/domain';
import { ErroConfiguracao } from './chamada.ts';
import { carregarEntregadores, carregarFuncionarios } from './equipe.ts';
import { carregarInfoImpostos, carregarProdutos } from './produtos.ts';
import {
  carregarAgrupadores,
  carregarEmpresaPadrao,
  carregarEmpresasCallCenter,
  carregarFormasPagamento,
  carregarListaReferencia,
  carregarOperadoras,
  carregarPeriodo,
  carregarSetoresImpressao,
  carregarTerminalPadrao,
  listasDeReferencia,
  type ContextoCarga,
} from './listas.ts';
import { semPeriodo } from './periodo.ts';
import { carregarProdutosCombo, carregarProdutosPromocao, temProdutoRemovido } from './produtosPromocionais.ts';
import { configuracaoInicial, type ConfiguracaoState, type ConfiguracaoStore, type ListaConfiguracao, type Registro } from './store.ts';

export interface DependenciasCarga {
  store: ConfiguracaoStore;
  /** Reports a loader's failure to the user (notification at the bottom, 5000 ms). */
  notificar: (mensagem: string) => void;
  /** The terminal chosen for this computer in the given company. */
  terminalDoComputador: (empresaId: string) => string | null;
  /** What the lists wait for before they are asked (the visible screen's own data first); none: at once. */
  depoisDaTela?: (signal?: AbortSignal) => Promise<void>;
}

const abortado = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/** One run's reporter: each distinct message once (a server that is down would say the same 15 times). */
function relator(ctx: ContextoCarga, deps: DependenciasCarga) {
  const ditas = new Set<string>();
  return (error: unknown) => {
    if (abortado(error) || ctx.signal?.aborted) return;
    if (!(error instanceof ErroConfiguracao)) console.error('Falha ao carregar a configuração', error);
    const mensagem = error instanceof ErroConfiguracao ? error.message : mensagens.falhaComunicacao;
    if (ditas.has(mensagem)) return;
    ditas.add(mensagem);
    deps.notificar(mensagem);
  };
}

/** Starts each in a task of its own (the first at once) and waits for all. */
async function umPorTarefa(inicios: (() => Promise<void>)[]): Promise<void> {
  const emCurso: Promise<void>[] = [];
  for (const [i, iniciar] of inicios.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, 0));
    emCurso.push(iniciar());
  }
  await Promise.all(emCurso);
}

/** Writes only while this run is the current one (a company switch aborts the previous run). */
const gravar = (ctx: ContextoCarga, deps: DependenciasCarga) => (parcial: Partial<ConfiguracaoState>) => {
  if (!ctx.signal?.aborted) deps.store.setState(parcial);
};

/** The default terminal, then the open period of its cashier. */
export async function carregarTerminalEPeriodo(ctx: ContextoCarga, deps: DependenciasCarga, empresaPadrao = deps.store.getState().empresaPadrao) {
  const set = gravar(ctx, deps);
  const falhou = relator(ctx, deps);
  let terminal: Registro | null = null;
  try {
    terminal = await carregarTerminalPadrao(empresaPadrao, ctx.empresa ? deps.terminalDoComputador(ctx.empresa._id) : null, ctx);
    set({ terminalPadrao: terminal });
  } catch (error) {
    set({ terminalPadrao: null });
    falhou(error);
  }
  try {
    set({ periodo: await carregarPeriodo(empresaPadrao, terminal, ctx) });
  } catch (error) {
    set({ periodo: semPeriodo });
    falhou(error);
  }
}

/**
 * Loads every configuration list of the company in the session. Each loader on its own: a failure
 * empties that list and is reported, the others go on. Run after the session is restored and on
 * every company switch (abort the previous run's signal).
 */
export async function carregarConfiguracao(ctx: ContextoCarga, deps: DependenciasCarga): Promise<void> {
  const set = gravar(ctx, deps);
  const falhou = relator(ctx, deps);
  // A new company starts from empty lists: nothing of the previous one may be shown as this one's.
  set({ ...configuracaoInicial, empresaId: ctx.empresa?._id ?? null, carregando: true });

  const lista = async <T,>(campo: ListaConfiguracao, carregar: () => Promise<T[]>) => {
    // A company switch while this run waited its turn: the new run asks for its own lists.
    if (ctx.signal?.aborted) return;
    try {
      set({ [campo]: await carregar() } as Partial<ConfiguracaoState>);
    } catch (error) {
      set({ [campo]: [] } as Partial<ConfiguracaoState>);
      falhou(error);
    }
  };

  const empresaETerminal = async () => {
    if (ctx.signal?.aborted) return;
    let empresaPadrao: Registro | null = null;
    try {
      empresaPadrao = await carregarEmpresaPadrao(ctx);
      set({ empresaPadrao });
    } catch (error) {
      set({ empresaPadrao: null });
      falhou(error);
    }
    await Promise.all([
      empresaPadrao ? lista('empresasCallCenter', () => carregarEmpresasCallCenter(empresaPadrao, ctx)) : Promise.resolve(),
      // The company's UF picks its IBPT table.
      lista('infoImpostos', () => carregarInfoImpostos(ctx, empresaPadrao)),
      carregarTerminalEPeriodo(ctx, { ...deps, notificar: (m) => falhou(new ErroConfiguracao(m)) }, empresaPadrao),
    ]);
  };

  // Only the context panel and the dialogs of the shell read these lists: the visible screen's own data
  // goes first, and each request is started in a task of its own, so that a page load has no ~60 ms task of
  // starting twenty-five requests (Lighthouse counts it as blocking time, issue 19). The products, the
  // heaviest (20 MiB for 20,000 products), are asked last.
  if (deps.depoisDaTela) await deps.depoisDaTela(ctx.signal);
  await umPorTarefa([
    () => lista('formasPagamento', () => carregarFormasPagamento(ctx)),
    () => lista('operadoras', () => carregarOperadoras(ctx)),
    () => lista('setoresImpressao', () => carregarSetoresImpressao(ctx)),
    () => lista('agrupadores', () => carregarAgrupadores(ctx)),
    () => lista('produtosCombo', () => carregarProdutosCombo(ctx)),
    () =>
      lista('produtosPromocao', async () => {
        const promocoes = await carregarProdutosPromocao(ctx);
        // SPEC.md §5: the list still loads; the user is told to review it.
        if (temProdutoRemovido(promocoes) && !ctx.signal?.aborted) deps.notificar(mensagens.promocaoProdutoRemovido);
        return promocoes;
      }),
    () => lista('funcionarios', () => carregarFuncionarios(ctx)),
    () => lista('entregadores', () => carregarEntregadores(ctx)),
    ...listasDeReferencia.map(({ n, campo }) => () => lista(campo, () => carregarListaReferencia(n, ctx))),
    empresaETerminal,
    () => lista('produtos', () => carregarProdutos(ctx)),
  ]);
  set({ carregando: false });
}
