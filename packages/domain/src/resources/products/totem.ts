import { compararPt } from '../../shared/texto.ts';
import { disponibilidade, motivosPendencia, type Indisponiveis, type Pendencia, type PrecoFonte, type ProdutoFonte } from './vitrine.ts';

/** A conversaoTotem record as the kiosk view needs it. */
export interface EntradaTotem {
  produtoGeral: string;
  nome: string;
  descricao: string;
  categoria: string;
  imagem: string | null;
  ordem: number;
  destaque: boolean;
  ativo: boolean;
}

export interface ItemTotem {
  produto: string;
  nome: string;
  descricao: string;
  imagem: string | null;
  preco: number;
  destaque: boolean;
  /** False when stock ran out: the kiosk shows it greyed and does not sell it. */
  disponivel: boolean;
  motivoIndisponivel: string | null;
}

export interface VitrineTotem {
  categorias: { nome: string; itens: ItemTotem[] }[];
  pendencias: Omit<Pendencia, 'secao'>[];
}

/** Sale mode of the kiosk in produtoGeralEmpresa. */
export const MODO_TOTEM = 'Totem';

export const motivoForaDoTotem = 'Não é vendido no totem nesta empresa (modo de venda Totem desligado).';

/**
 * The kiosk as the customer sees it: one tab per category (alphabetical), featured products first,
 * then by order and name; a product the company does not sell on the kiosk is left out with its reason.
 */
export function montarTotem(entradas: readonly EntradaTotem[], produtos: ReadonlyMap<string, ProdutoFonte>, precos: ReadonlyMap<string, PrecoFonte>, indisponiveis: Indisponiveis = new Map()): VitrineTotem {
  const pendencias: VitrineTotem['pendencias'] = [];
  const porCategoria = new Map<string, (ItemTotem & { ordem: number })[]>();
  for (const e of entradas) {
    if (!e.ativo) continue;
    const produto = produtos.get(e.produtoGeral);
    const preco = precos.get(e.produtoGeral);
    const pendente = (motivo: string) => pendencias.push({ produto: e.produtoGeral, descricao: e.nome || produto?.descricao || e.produtoGeral, motivo: motivo as Pendencia['motivo'] });
    if (!produto || produto.lixo) pendente(motivosPendencia.naoEncontrado);
    else if (produto.ativo === false) pendente(motivosPendencia.inativo);
    else if (!preco || preco.lixo || preco.preco === null) pendente(motivosPendencia.semPreco);
    else if (preco.ativo === false) pendente(motivosPendencia.inativoNaEmpresa);
    else if (preco.modosVenda && !preco.modosVenda.includes(MODO_TOTEM)) pendente(motivoForaDoTotem);
    else {
      const itens = porCategoria.get(e.categoria) ?? [];
      itens.push({
        produto: e.produtoGeral,
        nome: e.nome || produto.descricao,
        descricao: e.descricao,
        imagem: e.imagem ?? produto.imagens?.[0]?.arquivo ?? null,
        preco: preco.preco,
        destaque: e.destaque,
        ...disponibilidade(e.produtoGeral, indisponiveis),
        ordem: e.ordem,
      });
      porCategoria.set(e.categoria, itens);
    }
  }
  const categorias = [...porCategoria.entries()]
    .sort(([a], [b]) => compararPt(a, b))
    .map(([nome, itens]) => ({
      nome,
      itens: itens
        .sort((a, b) => Number(b.destaque) - Number(a.destaque) || a.ordem - b.ordem || compararPt(a.nome, b.nome))
        .map(({ ordem: _o, ...item }) => item),
    }));
  return { categorias, pendencias };
}
