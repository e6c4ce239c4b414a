import type { NotaEmitida, NotaEmitidaEntrada, SituacaoNotaEmitida } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import { getConfig } from '../../app/config.ts';

/** The badge colour of each situation of an issued note. */
export const corSituacaoNota: Record<SituacaoNotaEmitida, string> = {
  rascunho: 'gray',
  assinada: 'blue',
  enviada: 'blue',
  autorizada: 'green',
  rejeitada: 'red',
  contingencia: 'orange',
  cancelada: 'dark',
};

const rota = (id: string, acao?: string) => `emissaoNotaFiscal/${encodeURIComponent(id)}${acao ? `/${acao}` : ''}`;

export const emissaoApi = {
  listar: (situacao: string | null, signal?: AbortSignal) => api.post<NotaEmitida[]>('emissaoNotaFiscal/lista', { situacao }, { signal }),
  detalhe: (id: string, signal?: AbortSignal) => api.get<NotaEmitida>(rota(id), { signal }),
  criar: (corpo: NotaEmitidaEntrada) => api.post<NotaEmitida>('emissaoNotaFiscal', corpo),
  editar: (id: string, corpo: NotaEmitidaEntrada) => api.put<NotaEmitida>(rota(id), corpo),
  emitir: (id: string) => api.post<NotaEmitida>(rota(id, 'emitir'), {}),
  /** A draft from a transfer this store sent, or a return from a posted entry. */
  daOrigem: (origem: 'transferencia' | 'entrada', id: string) =>
    origem === 'transferencia' ? api.post<NotaEmitida>('emissaoNotaFiscal/daTransferencia', { transferencia: id }) : api.post<NotaEmitida>('emissaoNotaFiscal/daEntrada', { entrada: id }),
};

/** The note's XML (signed, or the authorised procNFe) or its DANFE (PDF), opened by the browser with the session cookie. */
export const urlXml = (id: string, qual: 'xml' | 'procNFe' | 'danfe') => `${getConfig().baseRest.replace(/\/+$/, '')}/${rota(id, qual)}`;

export const emissaoKeys = {
  todos: (empresa: string | undefined) => ['emissaoNotaFiscal', empresa ?? ''] as const,
  lista: (empresa: string | undefined, situacao: string | null) => ['emissaoNotaFiscal', empresa ?? '', 'lista', situacao ?? ''] as const,
  detalhe: (empresa: string | undefined, id: string) => ['emissaoNotaFiscal', empresa ?? '', 'detalhe', id] as const,
};
