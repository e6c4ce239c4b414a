import { SEM_GTIN, dataBr, precoBr, somarDias, type ValoresEtiqueta } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

export interface ModeloEtiquetaRegistro {
  _id: string;
  descricao: string;
  linguagem: 'ZPL' | 'EPL' | 'PPLA';
  largura: number;
  altura: number;
  resolucao: string;
  codigo: string;
  validadeDias: number | null;
}

export interface ImpressoraRegistro {
  _id: string;
  descricao: string;
  modelo: string;
  conexao: string;
  endereco: string;
}

export interface ProdutoEtiqueta {
  _id: string;
  codigo: string;
  descricao: string;
  descricaoCupom: string;
  gtin: string;
  unidade: { sigla?: string } | string | null;
}

export const etiquetasApi = {
  modelos: (signal?: AbortSignal) => api.post<ModeloEtiquetaRegistro[]>('modeloEtiqueta/getPopulate', { filtro: { ativo: true }, sort: 'descricao', limit: 500 }, { signal }),
  impressoras: (signal?: AbortSignal) => api.post<ImpressoraRegistro[]>('impressora/getPopulate', { filtro: {}, sort: 'descricao', limit: 500 }, { signal }),
  produtos: (busca: string, signal?: AbortSignal) =>
    api.post<ProdutoEtiqueta[]>(
      'produtoGeral/getPopulate',
      { filtro: { ativo: true, ...(busca.trim() ? { busca: busca.trim() } : {}) }, sort: 'descricao', populate: 'unidade', limit: 50 },
      { signal },
    ),
  /** Sends the label file to a network printer of the company, through the server. */
  imprimir: (impressora: string, conteudo: string) => api.post<{ bytes: number }>('gerenciarEtiquetas/imprimir', { impressora, conteudo }),
  /** This company's price of each product (produtoGeralEmpresa), by product id. */
  async precos(ids: string[], signal?: AbortSignal): Promise<Record<string, number>> {
    if (!ids.length) return {};
    const linhas = await api.post<{ produtoGeral: string; preco: number }[]>('produtoGeralEmpresa/getPopulate', { filtro: { produtoGeral: { $in: ids } }, select: ['produtoGeral', 'preco'], limit: ids.length }, { signal });
    return Object.fromEntries(linhas.map((l) => [l.produtoGeral, l.preco]));
  },
};

/** The placeholders' values of one product's label. */
export function valoresDoProduto(p: ProdutoEtiqueta, preco: number | undefined, datas: { fabricacao: string; validade: string | null }, empresa: string): ValoresEtiqueta {
  return {
    descricao: p.descricao,
    descricaoCupom: p.descricaoCupom || p.descricao,
    codigo: p.codigo,
    gtin: p.gtin === SEM_GTIN ? '' : p.gtin,
    preco: preco === undefined ? '' : precoBr(preco),
    unidade: typeof p.unidade === 'object' && p.unidade ? (p.unidade.sigla ?? '') : '',
    fabricacao: dataBr(datas.fabricacao),
    validade: datas.validade ? dataBr(datas.validade) : '',
    empresa,
  };
}

/** Validity: the date typed, or fabrication + the model's days. */
export const validadePadrao = (fabricacao: string, dias: number | null) => (dias === null ? null : somarDias(fabricacao, dias));
