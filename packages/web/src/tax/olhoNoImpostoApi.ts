import { api, requestWithHeaders } from '../api/client.ts';
import { uploadArquivo, type UploadProgresso } from '../api/upload.ts';

export interface VersaoIbpt {
  _id: string;
  uf: string;
  versao: string;
  chave: string;
  fonte: string;
  vigenciaInicio: string;
  vigenciaFim: string;
  linhas: number;
  ncm: number;
  nbs: number;
  lc116: number;
  arquivo: string | null;
  atual: boolean;
  created_at: string;
}

export interface LinhaIbpt {
  _id: string;
  uf: string;
  codigo: string;
  ex: string;
  tipo: 0 | 1 | 2;
  descricao: string;
  nacionalfederal: string;
  importadosfederal: string;
  estadual: string;
  municipal: string;
  vigenciafim: string;
  versao: string;
}

/** One query-key factory for the IBPT page; the group owns the table, so no company in the key. */
export const olhoNoImpostoKeys = {
  all: ['olhoNoImposto'] as const,
  versoes: () => [...olhoNoImpostoKeys.all, 'versoes'] as const,
  linhas: (uf: string, busca: string) => [...olhoNoImpostoKeys.all, 'linhas', uf, busca] as const,
};

export const LINHAS_NA_TELA = 100;

export const olhoNoImpostoApi = {
  versoes: (signal?: AbortSignal) => api.get<VersaoIbpt[]>('olhoNoImposto/versoes', { signal }),
  async linhas(uf: string, busca: string, signal?: AbortSignal) {
    const filtro: Record<string, unknown> = {};
    if (uf) filtro.uf = uf;
    if (busca.trim()) filtro.busca = busca.trim();
    const { data, headers } = await requestWithHeaders<LinhaIbpt[]>('POST', 'olhoNoImposto/getPopulate', { filtro, limit: LINHAS_NA_TELA }, { signal });
    return { linhas: data, total: Number(headers.get('x-total-count') ?? data.length) };
  },
  importar: (uf: string, arquivo: File, onProgresso: UploadProgresso) =>
    uploadArquivo<VersaoIbpt>(`olhoNoImposto/importar?uf=${encodeURIComponent(uf)}&arquivo=${encodeURIComponent(arquivo.name)}`, arquivo, onProgresso),
};
