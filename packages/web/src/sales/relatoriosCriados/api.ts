import type { DefinicaoRelatorio, ResultadoRelatorioCriado } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import { resourceApi } from '../../resources/api.ts';
import type { FiltroBase } from '../relatorios/useFiltroRelatorio.ts';

/** The saved reports (generic resource API; the server shows each user their own and the shared ones). */
export const relatoriosSalvos = resourceApi('relatorioCriado');

/** A saved report as the page edits it. */
export interface RelatorioSalvo {
  _id: string;
  version: number;
  nome: string;
  descricao: string;
  compartilhado: boolean;
  autor: string;
  definicao: DefinicaoRelatorio;
}

const camposDefinicao = ['conjunto', 'colunas', 'filtros', 'agrupamento', 'ordenacao', 'incluirCancelados'] as const;

export function comoSalvo(r: Record<string, unknown>): RelatorioSalvo {
  return {
    _id: String(r._id),
    version: Number(r.version),
    nome: String(r.nome ?? ''),
    descricao: String(r.descricao ?? ''),
    compartilhado: Boolean(r.compartilhado),
    autor: String(r.autor ?? ''),
    definicao: Object.fromEntries(camposDefinicao.map((c) => [c, r[c]])) as unknown as DefinicaoRelatorio,
  };
}

/** POST /api/relatoriosCriados/executar (server: packages/server/src/sales/relatorios/relatorioCriado.ts). */
export const executarRelatorio = (filtro: FiltroBase, definicao: DefinicaoRelatorio, signal?: AbortSignal) =>
  api.post<ResultadoRelatorioCriado>('relatoriosCriados/executar', { ...filtro, definicao }, { signal });
