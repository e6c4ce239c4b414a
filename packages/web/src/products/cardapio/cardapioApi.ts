import type { PublicacaoCardapio, SituacaoCardapio, Vitrine, VitrinePublicada } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

export interface CardapioRegistro {
  _id: string;
  version: number;
  descricao: string;
  canais: string[];
  secoes: { nome: string; descricao: string; produtos: string[] }[];
  disponibilidade: { dias: string[]; horaInicio: string; horaFim: string }[];
  ativo: boolean;
  situacao: SituacaoCardapio;
  publicado: PublicacaoCardapio | null;
  updated_at: string;
}

export interface ProdutoOpcao {
  _id: string;
  descricao: string;
  codigo?: string;
}

export const cardapioKeys = {
  all: (empresa: string | undefined) => ['criarCardapio', empresa ?? 'nenhuma'] as const,
  lista: (empresa: string | undefined) => [...cardapioKeys.all(empresa), 'lista'] as const,
  um: (empresa: string | undefined, id: string) => [...cardapioKeys.all(empresa), 'um', id] as const,
  vitrine: (empresa: string | undefined, secoes: unknown) => [...cardapioKeys.all(empresa), 'vitrine', secoes] as const,
  /** The published version as customers see it now (availability read live). */
  publicado: (empresa: string | undefined, id: string) => [...cardapioKeys.all(empresa), 'publicado', id] as const,
  produtos: (busca: string) => ['criarCardapio', 'produtos', busca] as const,
};

export const cardapioApi = {
  lista: (signal?: AbortSignal) =>
    api.post<CardapioRegistro[]>('cardapio/getPopulate', { filtro: { lixo: false }, sort: 'descricao', select: ['descricao', 'situacao', 'ativo'], limit: 500 }, { signal }),
  um: (id: string, signal?: AbortSignal) => api.get<CardapioRegistro>(`cardapio/${encodeURIComponent(id)}`, { signal }),
  criar: (dados: Record<string, unknown>) => api.post<CardapioRegistro>('cardapio', dados),
  salvar: (id: string, dados: Record<string, unknown>) => api.put<CardapioRegistro>(`cardapio/${encodeURIComponent(id)}`, dados),
  publicar: (id: string, version: number) => api.post<{ cardapio: CardapioRegistro; pendencias: Vitrine['pendencias'] }>(`cardapio/${encodeURIComponent(id)}/publicar`, { version }),
  vitrine: (secoes: unknown, canais: string[], signal?: AbortSignal) => api.post<Vitrine>('cardapio/vitrine', { secoes, canais }, { signal }),
  publicado: (id: string, signal?: AbortSignal) => api.get<VitrinePublicada>(`cardapio/${encodeURIComponent(id)}/vitrine`, { signal }),
  produtos: (busca: string, signal?: AbortSignal) =>
    api.post<ProdutoOpcao[]>('produtoGeral/getPopulate', { filtro: { ativo: true, ...(busca.trim() ? { busca: busca.trim() } : {}) }, sort: 'descricao', select: ['descricao', 'codigo'], limit: 50 }, { signal }),
  nomesProdutos: (ids: string[], signal?: AbortSignal) =>
    ids.length ? api.post<ProdutoOpcao[]>('produtoGeral/getPopulate', { filtro: { _id: { $in: ids } }, select: ['descricao', 'codigo'], limit: ids.length }, { signal }) : Promise.resolve([]),
};
