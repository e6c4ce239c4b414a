import type { ControleDfe, DocumentoDfeListado, ResultadoImportacaoNota, SituacaoDfe, TipoManifestacao } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import { getConfig } from '../../app/config.ts';

export interface ResultadoDownloadDfe {
  chamadas: number;
  novos: number;
  ultNSU: string;
  cStat: string | null;
  xMotivo: string | null;
  aguardarAte: string | null;
  adiado: boolean;
}

export interface RelatorioDfe {
  documentos: DocumentoDfeListado[];
  totais: { situacao: SituacaoDfe; quantidade: number; valor: number }[];
  total: { quantidade: number; valor: number };
}

/** The badge colour of each status. */
export const corSituacaoDfe: Record<SituacaoDfe, string> = { resumo: 'gray', manifestado: 'yellow', completo: 'blue', lancado: 'green' };

const rota = (id: string, acao: string) => `baixarNotas/${encodeURIComponent(id)}/${acao}`;

export const dfeApi = {
  controle: (signal?: AbortSignal) => api.get<ControleDfe>('baixarNotas/controle', { signal }),
  listar: (filtro: { situacao?: SituacaoDfe }, signal?: AbortSignal) => api.post<DocumentoDfeListado[]>('baixarNotas/lista', filtro, { signal }),
  baixar: () => api.post<ResultadoDownloadDfe>('baixarNotas/baixar', {}),
  porChave: (chave: string) => api.post<{ encontrado: boolean; cStat: string; xMotivo: string; documento: string | null; conteudo: string | null; restantes: number }>('baixarNotas/chave', { chave }),
  eventosRota: (id: string) => rota(id, 'eventos'),
  manifestar: (id: string, corpo: { tpEvento: TipoManifestacao; justificativa?: string }) =>
    api.post<{ aceita: boolean; cStat: string; xMotivo: string; protocolo: string | null }>(rota(id, 'manifestar'), corpo),
  entrada: (id: string) => api.post<ResultadoImportacaoNota>(rota(id, 'entrada'), {}),
  xmlUrl: (id: string) => `${getConfig().baseRest.replace(/\/+$/, '')}/${rota(id, 'xml')}`,
};
