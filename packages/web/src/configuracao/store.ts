import type { ItemLista, UsuarioResumo } from '@retaguarda/domain';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { semPeriodo, type PeriodoAberto } from './periodo.ts';

export type Registro = Record<string, unknown> & { _id: string };

/** An item of a reference list; payment and dispatch status arrive with the first four preselected. */
export interface ItemReferencia extends ItemLista {
  selecionado?: boolean;
}

/**
 * The shared configuration lists of SPEC.md §3, loaded after the session is restored and again on
 * every company switch. The default customer has a fixed id (ID_CLIENTE_PADRAO) and is not loaded.
 */
export interface ConfiguracaoState {
  formasPagamento: Registro[];
  operadoras: Registro[];
  setoresImpressao: Registro[];
  agrupadores: Registro[];
  /** SPEC.md §3 combo products and promotion products (produtoCombo, produtoPromocao). */
  produtosCombo: Registro[];
  produtosPromocao: Registro[];
  /** SPEC.md §3 and §6 employees and delivery people (getUsuario); a screen reads them through useEquipe. */
  funcionarios: UsuarioResumo[];
  entregadores: UsuarioResumo[];
  // GET lista/{n}
  estados: ItemReferencia[];
  tiposEndereco: ItemReferencia[];
  tiposTelefone: ItemReferencia[];
  tiposEnderecoEletronico: ItemReferencia[];
  sexos: ItemReferencia[];
  tiposPessoa: ItemReferencia[];
  statusOperacao: ItemReferencia[];
  statusPagamento: ItemReferencia[];
  statusExpedicao: ItemReferencia[];
  tiposPagamento: ItemReferencia[];
  empresasCallCenter: Registro[];
  /** The company's products with their group product (getListaProdutoGeralEmpresa); the delivery-fee and tip products are among them. */
  produtos: Registro[];
  /** Tax info: the IBPT rows in force for the company's UF (olhoNoImposto). */
  infoImpostos: Registro[];
  empresaPadrao: Registro | null;
  terminalPadrao: Registro | null;
  periodo: PeriodoAberto;
  /** The company the lists above belong to. */
  empresaId: string | null;
  carregando: boolean;
}

export type ListaConfiguracao = { [K in keyof ConfiguracaoState]: ConfiguracaoState[K] extends unknown[] ? K : never }[keyof ConfiguracaoState];

export const configuracaoInicial: ConfiguracaoState = {
  formasPagamento: [],
  operadoras: [],
  setoresImpressao: [],
  agrupadores: [],
  produtosCombo: [],
  produtosPromocao: [],
  funcionarios: [],
  entregadores: [],
  estados: [],
  tiposEndereco: [],
  tiposTelefone: [],
  tiposEnderecoEletronico: [],
  sexos: [],
  tiposPessoa: [],
  statusOperacao: [],
  statusPagamento: [],
  statusExpedicao: [],
  tiposPagamento: [],
  empresasCallCenter: [],
  produtos: [],
  infoImpostos: [],
  empresaPadrao: null,
  terminalPadrao: null,
  periodo: semPeriodo,
  empresaId: null,
  carregando: false,
};

export const criarConfiguracaoStore = () => createStore<ConfiguracaoState>()(() => ({ ...configuracaoInicial }));
export type ConfiguracaoStore = ReturnType<typeof criarConfiguracaoStore>;

export const configuracaoStore = criarConfiguracaoStore();

export function useConfiguracao<T>(selector: (state: ConfiguracaoState) => T): T {
  return useStore(configuracaoStore, selector);
}

const idDe = (v: unknown) => (v && typeof v === 'object' ? (v as { _id?: unknown })._id : v);
const setorPorId = (s: ConfiguracaoState, id: unknown) => (id ? (s.setoresImpressao.find((setor) => setor._id === idDe(id)) ?? null) : null);

/** The print sectors SPEC.md §3 names: dispatch (company), cashier and fiscal receipt (terminal). */
export const setoresDaConfiguracao = (s: ConfiguracaoState) => {
  const configEmpresa = s.empresaPadrao?.configuracoes as { expedicao?: { setorImpressaoExpedicao?: unknown } } | undefined;
  const configTerminal = s.terminalPadrao?.configuracoes as { setorImpressaoCaixa?: unknown; setorImpressaoNfce?: unknown } | undefined;
  return {
    expedicao: setorPorId(s, configEmpresa?.expedicao?.setorImpressaoExpedicao),
    caixa: setorPorId(s, configTerminal?.setorImpressaoCaixa),
    nfce: setorPorId(s, configTerminal?.setorImpressaoNfce),
  };
};

/** Call-center mode (empresa configuracoes.callCenter): no cash period is looked up. */
export const modoCallCenter = (s: ConfiguracaoState) => Boolean((s.empresaPadrao?.configuracoes as { callCenter?: unknown } | undefined)?.callCenter);
