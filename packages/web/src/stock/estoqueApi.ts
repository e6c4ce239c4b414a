import type { EfeitoProduto } from '@retaguarda/domain';

export type { EfeitoProduto, EstadoCustoTexto, Kardex, LinhaKardex, LinhaPosicao, NegativoDepois, PaginaPosicao } from '@retaguarda/domain';
import { api } from '../api/client.ts';

/** The documents typed on a screen of their own (entradaManual has none yet). */
export type TipoDocumentoTela = 'saidaManual' | 'transferenciaLocal';

export interface ItemDocumento {
  produto: string;
  quantidade: string;
  custoUnitario?: string;
}

export interface DocumentoNovo {
  tipo: TipoDocumentoTela;
  local: string;
  destino?: string;
  ocorridoEm?: string;
  motivo?: string;
  observacao?: string;
  itens: ItemDocumento[];
}

/** A row of POST /api/estoqueDocumento/lista. */
export interface DocumentoListado {
  _id: string;
  tipo: TipoDocumentoTela;
  numero: number | string;
  ocorridoEm: string;
  local: string;
  destino: string | null;
  localDescricao: string | null;
  destinoDescricao: string | null;
  motivo: string | null;
  observacao: string | null;
  itens: ItemDocumento[];
  /** Centavos; may come as text (a bigint column). */
  valor: number | string;
  estornadoEm: string | null;
  motivoEstorno: string | null;
  registradoEm: string;
  usuario: string | null;
}

export interface ResultadoDocumento {
  _id?: string;
  numero?: number;
  tipo: TipoDocumentoTela;
  valor: number;
  efeitos: EfeitoProduto[];
}

export interface FiltroPosicao {
  local?: string;
  busca?: string;
  abaixoMinimo?: boolean;
  semZerados?: boolean;
}

export interface FiltroKardex {
  produto: string;
  local?: string;
  de: string;
  ate: string;
  limite?: number;
  offset?: number;
}

/** The stock routes of the server (packages/server/src/stock/routes.ts). */
export const estoqueApi = {
  listar: (filtro: { tipo: TipoDocumentoTela; de?: string; ate?: string; limite?: number }, signal?: AbortSignal) => api.post<DocumentoListado[]>('estoqueDocumento/lista', filtro, { signal }),
  previa: (doc: DocumentoNovo) => api.post<ResultadoDocumento>('estoqueDocumento/previa', doc),
  registrar: (doc: DocumentoNovo) => api.post<ResultadoDocumento>('estoqueDocumento', doc),
  estornar: (id: string, motivo: string) => api.post<{ _id: string; estornadoEm: string }>(`estoqueDocumento/${encodeURIComponent(id)}/estornar`, { motivo }),
};

export const estoqueKeys = {
  documentos: (empresa: string | undefined) => ['estoqueDocumento', empresa ?? ''] as const,
};
