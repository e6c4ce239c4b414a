import { api } from '../../api/client.ts';

/** One product of the suggestion (packages/server/src/stock/sugestaoPedido.ts): exact decimal strings. */
export interface LinhaSugestao {
  produto: string;
  descricao: string | null;
  codigo: string | null;
  unidade: string | null;
  saldo: string;
  minimo: string | null;
  maximo: string | null;
  consumo: string;
  consumoDia: string;
  emPedido: string;
  prazoEntrega: number | null;
  alvo: string;
  necessidade: string;
  fornecedor: string | null;
  fornecedorNome: string | null;
  unidadeCompra: string | null;
  fator: string | null;
  precoUnitario: string;
  /** Whole purchase units. */
  sugerido: string;
}

export interface Sugestao {
  semanas: number;
  revisao: number;
  dias: number;
  de: string;
  ate: string;
  linhas: LinhaSugestao[];
}

export interface FiltroSugestaoEnviado {
  local: string | null;
  fornecedor: string | null;
  agrupador: string | null;
  semanas: number | null;
  revisao: number | null;
}

export interface PedidoGerado {
  _id: string;
  numero: number;
  fornecedor: string;
  fornecedorNome: string | null;
  valor: number;
  linhas: number;
}

const BASE = 'estoqueSugestaoPedido';

export const sugestaoPedidoApi = {
  ler: (f: FiltroSugestaoEnviado, signal?: AbortSignal) => api.post<Sugestao>(BASE, f, { signal }),
  gerar: (itens: { produto: string; fornecedor: string; quantidade: string }[]) => api.post<{ pedidos: PedidoGerado[] }>(`${BASE}/gerar`, { itens }),
};
