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

export interface ItemVitrine {
  produto: string;
  descricao: string;
  imagem: string | null;
  preco: number;
  complementos: { nome: string; minimo: number; maximo: number; opcoes: { descricao: string; precoAdicional: number }[] }[];
  /** Offered now: false when stock ran out (packages/domain/src/stock/disponibilidade.ts); shown greyed, not left out. */
  disponivel: boolean;
  /** Why not ('Esgotado'), or null. */
  motivoIndisponivel: string | null;
}

/** Why a product cannot be offered now, by product (what the stock's availability answers). */
export type Indisponiveis = ReadonlyMap<string, { motivo: string }>;

/** An item as a publication freezes it: availability is read live, never frozen. */
export type ItemPublicado = Omit<ItemVitrine, 'disponivel' | 'motivoIndisponivel'>;

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
        itens.push({
          produto: id,
          descricao: produto.descricao,
          imagem: produto.imagens?.[0]?.arquivo ?? null,
          preco: preco.preco,
          complementos: (produto.complementos ?? []).map((g) => ({
            nome: g.nome,
            minimo: g.minimo,
            maximo: g.maximo,
            opcoes: g.itens.map((o) => ({ descricao: nomeDaOpcao(o), precoAdicional: o.precoAdicional ?? 0 })),
          })),
          ...disponibilidade(id, indisponiveis),
        });
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

/** `disponivel` and `motivoIndisponivel` of a product. */
export function disponibilidade(produto: string, indisponiveis: Indisponiveis): Pick<ItemVitrine, 'disponivel' | 'motivoIndisponivel'> {
  const motivo = indisponiveis.get(produto)?.motivo ?? null;
  return { disponivel: motivo === null, motivoIndisponivel: motivo };
}

/** Sections as a publication keeps them: without the availability of the moment. */
export function secoesParaPublicar(secoes: readonly SecaoVitrine[]): { nome: string; descricao: string; itens: ItemPublicado[] }[] {
  return secoes.map((s) => ({ ...s, itens: s.itens.map(({ disponivel: _d, motivoIndisponivel: _m, ...item }) => item) }));
}

/** A published version's sections as the customer sees them now: each item with its availability read live. */
export function secoesComDisponibilidade(secoes: readonly { nome: string; descricao: string; itens: readonly ItemPublicado[] }[], indisponiveis: Indisponiveis): SecaoVitrine[] {
  return secoes.map((s) => ({ nome: s.nome, descricao: s.descricao, itens: s.itens.map((item) => ({ ...item, ...disponibilidade(item.produto, indisponiveis) })) }));
}
