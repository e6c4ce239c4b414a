import type { EntradaListada, EntradaNotaFiscal, LinhaPedidoAberta, ResultadoImportacaoNota, SituacaoEntrada } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import { getConfig } from '../../app/config.ts';

/** The badge colour of each situation, of an entry or of a file's answer. */
export const corSituacao: Record<string, string> = { pendente: 'yellow', lancada: 'green', estornada: 'gray', cancelada: 'red', recusada: 'red', repetida: 'gray' };

const rota = (id: string, acao?: string) => `entradaNotaFiscal/${encodeURIComponent(id)}${acao ? `/${acao}` : ''}`;

export const entradaApi = {
  importar: (arquivos: { nome: string; conteudo: string }[]) => api.post<ResultadoImportacaoNota[]>('entradaNotaFiscal/importar', { arquivos }),
  listar: (filtro: { situacao?: SituacaoEntrada; busca?: string }, signal?: AbortSignal) => api.post<EntradaListada[]>('entradaNotaFiscal/lista', filtro, { signal }),
  detalhe: (id: string, signal?: AbortSignal) => api.get<EntradaNotaFiscal>(rota(id), { signal }),
  corresponder: (id: string, numero: number, corpo: { produto: string; fator?: string | null }) => api.post<EntradaNotaFiscal>(rota(id, `itens/${numero}`), corpo),
  pedidos: (id: string, signal?: AbortSignal) => api.get<LinhaPedidoAberta[]>(rota(id, 'pedidos'), { signal }),
  vincularPedido: (id: string, numero: number, corpo: { pedido: string | null; linha?: number }) => api.post<EntradaNotaFiscal>(rota(id, `itens/${numero}/pedido`), corpo),
  lancar: (id: string, corpo: { local: string; planoConta?: string; creditarImpostos?: boolean }) => api.post<EntradaNotaFiscal>(rota(id, 'lancar'), corpo),
  estornar: (id: string, motivo: string) => api.post<EntradaNotaFiscal>(rota(id, 'estornar'), { motivo }),
};

/** The entry's DANFE (PDF), opened in a new tab: the browser sends the session cookie. */
export const urlDanfe = (id: string) => `${getConfig().baseRest.replace(/\/+$/, '')}/entradaNotaFiscal/${id}/danfe`;

export const entradaKeys = {
  todos: (empresa: string | undefined) => ['entradaNotaFiscal', empresa ?? ''] as const,
  lista: (empresa: string | undefined, filtro: object) => ['entradaNotaFiscal', empresa ?? '', 'lista', filtro] as const,
  detalhe: (empresa: string | undefined, id: string) => ['entradaNotaFiscal', empresa ?? '', 'detalhe', id] as const,
};

/** A browser File as the import's body: its name and its bytes in base64. */
export async function arquivoParaImportacao(arquivo: File): Promise<{ nome: string; conteudo: string }> {
  const bytes = new Uint8Array(await arquivo.arrayBuffer());
  let binario = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { nome: arquivo.name, conteudo: btoa(binario) };
}
