import { api } from '../../api/client.ts';

export const agrupamentos = ['dia', 'empresa', 'canal', 'hora', 'diaDaSemana', 'terminal'] as const;
export type Agrupamento = (typeof agrupamentos)[number];

export interface FiltroRelatorioVenda {
  de: string;
  ate: string;
  agrupar: Agrupamento;
  canais: string[];
}

/** One row of POST /api/relatorioVenda (server: packages/server/src/sales/relatorios/relatorioVenda.ts). */
export interface LinhaRelatorioVenda {
  chave: string;
  rotulo: string;
  vendas: number;
  bruto: number;
  descontos: number;
  taxaServico: number;
  taxaEntrega: number;
  total: number;
  ticketMedio: number;
  canceladas: number;
  valorCancelado: number;
}

export const relatorioVendaKeys = {
  all: ['relatorioVenda'] as const,
  consulta: (empresa: string | undefined, filtro: FiltroRelatorioVenda) => [...relatorioVendaKeys.all, empresa ?? '', filtro] as const,
};

export const relatorioVendaApi = {
  consultar: (filtro: FiltroRelatorioVenda, signal?: AbortSignal) =>
    api.post<{ linhas: LinhaRelatorioVenda[]; totais: LinhaRelatorioVenda }>('relatorioVenda', filtro, { signal }),
};
