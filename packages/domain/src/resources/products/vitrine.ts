import { MOTIVO_ESGOTADO } from '../../stock/disponibilidade.ts';
import type { SecaoCardapio } from './cardapio.ts';

/**
 * The customer's view of a menu (preview and published snapshot): each section with the products
 * that can be sold in this company, with photo, name, the company's price and the modifier groups.
 * Field names follow produtoGeral and produtoGeralEmpresa.
 */
export interface ProdutoFonte {
  _id: string;
  descricao: string;
  ativo?: boolean;
  lixo?: boolean;
  imagens?: readonly { arquivo: string }[];
  complementos?: readonly {
    nome: string;
    minimo: number;
    maximo: number;
    itens: readonly { produto?: string | null; descricao?: string; precoAdicional?: number }[];
  }[];
}

/** The product's line in the company (produtoGeralEmpresa): price in centavos. */
export interface PrecoFonte {
  preco: number | null;
  ativo?: boolean;
  lixo?: boolean;
  /** Empty: the company does not sell it (an ingredient, say). */
  modosVenda?: readonly string[];
}

/** Offered now or not, read live (packages/domain/src/stock/disponibilidade.ts), never frozen by a publication. */
export interface Disponibilidade {
  /** False when stock ran out: shown greyed, not left out. */
  disponivel: boolean;
  /** Why not ('Esgotado'), or null. */
  motivoIndisponivel: string | null;
}

/** An option of a modifier group: a product of the register (its id, judged by stock like an item) or just a description (always offered). */
export interface OpcaoVitrine extends Disponibilidade {
  produto: string | null;
  descricao: string;
  precoAdicional: number;
}

export interface GrupoVitrine {
  nome: string;
  /** ≥ 1: required; an item whose required group has fewer available options than this cannot be ordered (Esgotado). */
  minimo: number;
  maximo: number;
  opcoes: OpcaoVitrine[];
}

export interface ItemVitrine extends Disponibilidade {
  produto: string;
  descricao: string;
  imagem: string | null;
  preco: number;
  complementos: GrupoVitrine[];
}

/** Why a product cannot be offered now, by product (what the stock's availability answers). */
export type Indisponiveis = ReadonlyMap<string, { motivo: string }>;

/**
 * An option as a publication freezes it: no availability; `produto` is kept since this change (a
 * publication made before it has none, and its options are always offered).
 */
export type OpcaoPublicada = Omit<OpcaoVitrine, 'produto' | keyof Disponibilidade> & { produto?: string | null };

/** An item as a publication freezes it: availability (its own and its options') is read live, never frozen. */
export type ItemPublicado = Omit<ItemVitrine, keyof Disponibilidade | 'complementos'> & { complementos: (Omit<GrupoVitrine, 'opcoes'> & { opcoes: OpcaoPublicada[] })[] };

export interface SecaoVitrine {
  nome: string;
  descricao: string;
  itens: ItemVitrine[];
}

export const motivosPendencia = {
  naoEncontrado: 'Produto não encontrado (excluído ou na lixeira).',
  inativo: 'Produto inativo.',
  semPreco: 'Sem preço nesta empresa.',
  inativoNaEmpresa: 'Inativo nesta empresa.',
  naoVendido: 'Sem modo de venda nesta empresa.',
  foraDosCanais: 'Não é vendido nos canais deste cardápio nesta empresa (modos de venda).',
} as const;

/** A product of the draft that the customer will not see, and why. */
export interface Pendencia {
  secao: string;
  produto: string;
  descricao: string;
  motivo: (typeof motivosPendencia)[keyof typeof motivosPendencia];
}

export interface Vitrine {
  secoes: SecaoVitrine[];
  pendencias: Pendencia[];
}

/**
 * GET /api/cardapio/{_id}/vitrine: the published version as the customer sees it now (what the QR code
 * page and the builder's "Publicado" view read): the frozen menu with its items' and options' availability read live.
 */
export interface VitrinePublicada {
  cardapio: string;
  descricao: string;
  ativo: boolean;
  canais: string[];
  disponibilidade: { dias: string[]; horaInicio: string; horaFim: string }[];
  versao: number;
  publicadoEm: string;
  secoes: SecaoVitrine[];
}

/** Channels of a menu that are also sale modes of produtoGeralEmpresa (QR Code and App are not). */
const MODOS_DE_CANAL = ['Salão', 'Balcão', 'Delivery', 'Totem'];

/**
 * `canais`: the menu's channels; a product whose company sale modes exclude every one of them that is a
 * sale mode (a Delivery menu, a product sold only at the table) is left out.
 */
export function montarVitrine(
  secoes: readonly SecaoCardapio[],
  produtos: ReadonlyMap<string, ProdutoFonte>,
  precos: ReadonlyMap<string, PrecoFonte>,
  canais: readonly string[] = [],
  indisponiveis: Indisponiveis = new Map(),
): Vitrine {
  const pendencias: Pendencia[] = [];
  const modosDoCardapio = canais.filter((c) => MODOS_DE_CANAL.includes(c));
  const nomeDaOpcao = (item: { produto?: string | null; descricao?: string }) => item.descricao || (item.produto ? (produtos.get(item.produto)?.descricao ?? '') : '');
  const vitrine = secoes.map((secao): SecaoVitrine => {
    const itens: ItemVitrine[] = [];
    for (const id of secao.produtos) {
      const produto = produtos.get(id);
      const preco = precos.get(id);
      const pendente = (motivo: Pendencia['motivo']) => pendencias.push({ secao: secao.nome, produto: id, descricao: produto?.descricao ?? id, motivo });
      if (!produto || produto.lixo) pendente(motivosPendencia.naoEncontrado);
      else if (produto.ativo === false) pendente(motivosPendencia.inativo);
      else if (!preco || preco.lixo || preco.preco === null || preco.preco === undefined) pendente(motivosPendencia.semPreco);
      else if (preco.ativo === false) pendente(motivosPendencia.inativoNaEmpresa);
      else if (preco.modosVenda && preco.modosVenda.length === 0) pendente(motivosPendencia.naoVendido);
      else if (preco.modosVenda && modosDoCardapio.length && !modosDoCardapio.some((m) => preco.modosVenda!.includes(m))) pendente(motivosPendencia.foraDosCanais);
      else {
        itens.push(
          comDisponibilidade(
            {
              produto: id,
              descricao: produto.descricao,
              imagem: produto.imagens?.[0]?.arquivo ?? null,
              preco: preco.preco,
              complementos: (produto.complementos ?? []).map((g) => ({
                nome: g.nome,
                minimo: g.minimo,
                maximo: g.maximo,
                opcoes: g.itens.map((o) => ({ produto: o.produto || null, descricao: nomeDaOpcao(o), precoAdicional: o.precoAdicional ?? 0 })),
              })),
            },
            indisponiveis,
          ),
        );
      }
    }
    return { nome: secao.nome, descricao: secao.descricao, itens };
  });
  return { secoes: vitrine, pendencias };
}

/** Ids of every product a menu shows or offers as an option, to load them in one call. */
export function produtosDaVitrine(secoes: readonly SecaoCardapio[], produtos?: ReadonlyMap<string, ProdutoFonte>): string[] {
  const ids = new Set(secoes.flatMap((s) => s.produtos));
  for (const id of [...ids]) for (const g of produtos?.get(id)?.complementos ?? []) for (const o of g.itens) if (o.produto) ids.add(o.produto);
  return [...ids];
}

/** Ids of the products offered as options by these products' modifier groups (to judge them in the same stock read). */
export function produtosDasOpcoes(produtos: Iterable<Pick<ProdutoFonte, 'complementos'> | undefined>): string[] {
  const ids = new Set<string>();
  for (const p of produtos) for (const g of p?.complementos ?? []) for (const o of g.itens) if (o.produto) ids.add(o.produto);
  return [...ids];
}

/** `disponivel` and `motivoIndisponivel` of a product. */
export function disponibilidade(produto: string, indisponiveis: Indisponiveis): Disponibilidade {
  const motivo = indisponiveis.get(produto)?.motivo ?? null;
  return { disponivel: motivo === null, motivoIndisponivel: motivo };
}

/** An option's availability: a product is judged by stock; a description, or an option published without its product id, is always offered. */
function disponibilidadeDaOpcao(produto: string | null | undefined, indisponiveis: Indisponiveis): Disponibilidade {
  return produto ? disponibilidade(produto, indisponiveis) : { disponivel: true, motivoIndisponivel: null };
}

/** Whether a required group (minimo ≥ 1) has fewer available options than its minimum: the item cannot be ordered. */
function grupoObrigatorioEsgotado(grupos: readonly { minimo: number; opcoes: readonly { produto?: string | null }[] }[], indisponiveis: Indisponiveis): boolean {
  return grupos.some((g) => g.minimo >= 1 && g.opcoes.filter((o) => disponibilidadeDaOpcao(o.produto, indisponiveis).disponivel).length < g.minimo);
}

/**
 * An item (as montarVitrine builds it or a publication keeps it) with its availability and its options':
 * unavailable when its own stock ran out, or when a required modifier group is left with fewer available
 * options than its minimum ('Esgotado': it cannot be ordered).
 */
function comDisponibilidade(item: ItemPublicado, indisponiveis: Indisponiveis): ItemVitrine {
  const propria = disponibilidade(item.produto, indisponiveis);
  const grupo = propria.disponivel && grupoObrigatorioEsgotado(item.complementos, indisponiveis);
  return {
    ...item,
    complementos: item.complementos.map((g) => ({ ...g, opcoes: g.opcoes.map((o) => ({ ...o, produto: o.produto ?? null, ...disponibilidadeDaOpcao(o.produto, indisponiveis) })) })),
    ...(grupo ? { disponivel: false, motivoIndisponivel: MOTIVO_ESGOTADO } : propria),
  };
}

/**
 * For channels that show no options (the kiosk): the unavailable products plus those a required modifier
 * group leaves without enough available options. `indisponiveis` must have judged the option products too
 * (produtosDasOpcoes).
 */
export function comGruposEsgotados(produtos: ReadonlyMap<string, Pick<ProdutoFonte, 'complementos'>>, indisponiveis: Indisponiveis): Indisponiveis {
  const mapa = new Map(indisponiveis);
  for (const [id, p] of produtos) {
    if (mapa.has(id)) continue;
    if (grupoObrigatorioEsgotado((p.complementos ?? []).map((g) => ({ minimo: g.minimo, opcoes: g.itens })), indisponiveis)) mapa.set(id, { motivo: MOTIVO_ESGOTADO });
  }
  return mapa;
}

/** Sections as a publication keeps them: without the availability of the moment (items' and options'), with each option's product id. */
export function secoesParaPublicar(secoes: readonly SecaoVitrine[]): { nome: string; descricao: string; itens: ItemPublicado[] }[] {
  return secoes.map((s) => ({
    ...s,
    itens: s.itens.map(({ disponivel: _d, motivoIndisponivel: _m, complementos, ...item }) => ({
      ...item,
      complementos: complementos.map((g) => ({ ...g, opcoes: g.opcoes.map(({ disponivel: _od, motivoIndisponivel: _om, ...o }) => o) })),
    })),
  }));
}

/** Ids of the products a published version offers, items and options, to judge them in one stock read. */
export function produtosPublicados(secoes: readonly { itens: readonly ItemPublicado[] }[]): string[] {
  const ids = new Set<string>();
  for (const s of secoes)
    for (const item of s.itens) {
      ids.add(item.produto);
      for (const g of item.complementos ?? []) for (const o of g.opcoes) if (o.produto) ids.add(o.produto);
    }
  return [...ids];
}

/** A published version's sections as the customer sees them now: each item and option with its availability read live. */
export function secoesComDisponibilidade(secoes: readonly { nome: string; descricao: string; itens: readonly ItemPublicado[] }[], indisponiveis: Indisponiveis): SecaoVitrine[] {
  return secoes.map((s) => ({ nome: s.nome, descricao: s.descricao, itens: s.itens.map((item) => comDisponibilidade({ ...item, complementos: item.complementos ?? [] }, indisponiveis)) }));
}
