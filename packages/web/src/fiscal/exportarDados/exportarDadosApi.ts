import type { ExportacaoListada, SituacaoExportacao } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import { getConfig } from '../../app/config.ts';

export interface PedidoExportacao {
  inicio: string;
  fim: string;
  empresas: string[];
  eventos: boolean;
  email: string | null;
}

/** The badge colour of each state. */
export const corSituacaoExportacao: Record<SituacaoExportacao, string> = { processando: 'blue', concluida: 'green', falhou: 'red', expirada: 'gray' };

/** Bytes as a person reads a file's size: '842 KB', '3,4 MB'. */
export function tamanhoLegivel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(Math.round((bytes / 1048576) * 10) / 10).toLocaleString('pt-BR')} MB`;
}

export const exportarDadosApi = {
  listar: (signal?: AbortSignal) => api.post<ExportacaoListada[]>('exportarDados/lista', {}, { signal }),
  gerar: (pedido: PedidoExportacao) => api.post<ExportacaoListada>('exportarDados', pedido),
  zipUrl: (id: string) => `${getConfig().baseRest.replace(/\/+$/, '')}/exportarDados/${encodeURIComponent(id)}/zip`,
};
