import type { TipoMovimento } from '@retaguarda/domain';
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

export interface EstadoCustoTexto {
  quantidade: string;
  custoMedio: string;
}

export interface NegativoDepois {
  movimento: string;
  ocorridoEm: string;
  tipo: TipoMovimento;
  localId: string;
  saldo: string;
}

/** What a document changes in one product (the preview's and the saved document's `efeitos`). */
export interface EfeitoProduto {
  produtoId: string;
  antes: EstadoCustoTexto;
  depois: EstadoCustoTexto;
  retroativo: boolean;
  saldos: { localId: string; antes: string; depois: string }[];
  negativosDepois: NegativoDepois[];
}

export interface ResultadoDocumento {
  _id?: string;
  numero?: number;
  tipo: TipoDocumentoTela;
  valor: number;
  efeitos: EfeitoProduto[];
}

export interface LinhaPosicao {
  produto: string;
  codigo: string | null;
  descricao: string;
  unidade: string | null;
  local: string;
  localDescricao: string;
  quantidade: string;
  custoMedio: string;
  valor: number;
  estoqueMinimo: string | null;
  abaixoMinimo: boolean;
}

export interface FiltroPosicao {
  local?: string;
  busca?: string;
  abaixoMinimo?: boolean;
  semZerados?: boolean;
}

export interface LinhaKardex {
  _id: string;
  ocorridoEm: string;
  tipo: TipoMovimento;
  documentoTipo: string;
  documentoId: string;
  documentoNumero: number | null;
  local: string;
  localDescricao: string | null;
  usuario: string | null;
  quantidade: string;
  custoUnitario: string;
  valor: number;
  saldo: string;
  custoMedio: string;
}

export interface Kardex {
  inicial: { saldo: string; custoMedio: string; valor: number };
  final: { saldo: string; custoMedio: string; valor: number };
  entradas: { quantidade: string; valor: number };
  saidas: { quantidade: string; valor: number };
  linhas: LinhaKardex[];
}

export interface FiltroKardex {
  produto: string;
  local?: string;
  de: string;
  ate: string;
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
