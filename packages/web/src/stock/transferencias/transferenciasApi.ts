import type { StatusPedidoTransferencia, StatusTransferenciaLojas } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

export interface LinhaTransferencia {
  produto: string;
  descricao?: string | null;
  codigo?: string | null;
  unidade?: string | null;
  quantidade: string;
  custoUnitario: string;
  origemCusto: 'tabela' | 'custoMedio';
  valor: number;
  quantidadeRecebida: string | null;
  divergencia: string | null;
  valorDivergencia: number | null;
}

export interface Transferencia {
  _id: string;
  numero: number;
  status: StatusTransferenciaLojas;
  direcao: 'enviada' | 'recebida';
  empresaOrigem: string;
  empresaOrigemNome: string | null;
  empresaDestino: string;
  empresaDestinoNome: string | null;
  localOrigem: string;
  localOrigemDescricao: string | null;
  localDestinoDescricao: string | null;
  pedido: string | null;
  pedidoNumero: number | null;
  valor: number;
  valorRecebido: number | null;
  valorDivergencia: number | null;
  observacao: string | null;
  observacaoRecebimento: string | null;
  linhas?: number;
  itens: LinhaTransferencia[];
  criadoEm: string;
  criadoPor: string | null;
  enviadoEm: string | null;
  enviadoPor: string | null;
  recebidoEm: string | null;
  recebidoPor: string | null;
  canceladoEm: string | null;
  canceladoPor: string | null;
  motivoCancelamento: string | null;
  version: number;
}

export interface LinhaPedido {
  produto: string;
  descricao?: string | null;
  codigo?: string | null;
  unidade?: string | null;
  quantidade: string;
  quantidadeAprovada: string | null;
  justificativa: string | null;
  /** What the picking sent, when the request was sent (absent on older ones), and why it differs from the approval. */
  quantidadeEnviada?: string | null;
  justificativaEnvio?: string | null;
}

export interface PedidoTransferencia {
  _id: string;
  numero: number;
  status: StatusPedidoTransferencia;
  origem: 'manual' | 'reposicao';
  visao: 'solicitante' | 'fornecedora';
  empresaSolicitante: string;
  empresaSolicitanteNome: string | null;
  empresaFornecedora: string;
  empresaFornecedoraNome: string | null;
  observacao: string | null;
  motivo: string | null;
  transferencia: string | null;
  transferenciaNumero: number | null;
  transferenciaStatus: StatusTransferenciaLojas | null;
  valorDivergencia: number | null;
  linhas?: number;
  itens: LinhaPedido[];
  solicitadoEm: string;
  solicitadoPor: string | null;
  aprovadoEm: string | null;
  aprovadoPor: string | null;
  recusadoEm: string | null;
  recusadoPor: string | null;
  canceladoEm: string | null;
  canceladoPor: string | null;
  enviadoEm: string | null;
  enviadoPor: string | null;
  recebidoEm: string | null;
  recebidoPor: string | null;
}

export interface LinhaReposicao {
  produto: string;
  descricao: string | null;
  codigo: string | null;
  unidade: string | null;
  saldo: string;
  minimo: string;
  maximo: string | null;
  emPedido: string;
  quantidade: string;
}

export interface Loja {
  _id: string;
  nome: string;
}

const T = 'estoqueTransferenciaLojas';
const S = 'solicitacaoPedidoTransferencia';
const P = 'estoquePedidoTransferencia';
const id = (base: string, i: string, acao?: string) => `${base}/${encodeURIComponent(i)}${acao ? `/${acao}` : ''}`;

/** The routes of packages/server/src/stock/transferenciaLojasRoutes.ts. */
export const transferenciasApi = {
  lojas: (signal?: AbortSignal) => api.get<Loja[]>(`${T}/lojas`, { signal }),
  listar: (filtro: { direcao?: 'enviadas' | 'recebidas' | null; status?: string | null }, signal?: AbortSignal) => api.post<Transferencia[]>(`${T}/lista`, filtro, { signal }),
  detalhe: (i: string, signal?: AbortSignal) => api.get<Transferencia>(id(T, i), { signal }),
  criar: (corpo: { empresaDestino: string; localOrigem: string; observacao: string | null; enviar: boolean; itens: { produto: string; quantidade: string }[] }) => api.post<Transferencia>(T, corpo),
  enviar: (i: string) => api.post<Transferencia>(id(T, i, 'enviar'), {}),
  editar: (i: string, corpo: { version: number; empresaDestino: string; localOrigem: string; observacao: string | null; enviar: boolean; itens: { produto: string; quantidade: string }[] }) => api.put<Transferencia>(id(T, i), corpo),
  receber: (i: string, corpo: { local: string; observacao: string | null; itens: { linha: number; quantidadeRecebida: string }[] }) => api.post<Transferencia>(id(T, i, 'receber'), corpo),
  cancelar: (i: string, motivo: string) => api.post<Transferencia>(id(T, i, 'cancelar'), { motivo }),
};

export const pedidosApi = {
  listar: (visao: 'solicitante' | 'fornecedora', filtro: { status?: string | null }, signal?: AbortSignal) => api.post<PedidoTransferencia[]>(`${visao === 'solicitante' ? S : P}/lista`, filtro, { signal }),
  detalhe: (visao: 'solicitante' | 'fornecedora', i: string, signal?: AbortSignal) => api.get<PedidoTransferencia>(id(visao === 'solicitante' ? S : P, i), { signal }),
  solicitar: (corpo: { empresaFornecedora: string; origem?: 'manual' | 'reposicao'; observacao: string | null; itens: { produto: string; quantidade: string }[] }) => api.post<PedidoTransferencia>(S, corpo),
  cancelar: (i: string, motivo: string) => api.post<PedidoTransferencia>(id(S, i, 'cancelar'), { motivo }),
  aprovar: (i: string, itens: { linha: number; quantidadeAprovada: string; justificativa: string | null }[]) => api.post<PedidoTransferencia>(id(P, i, 'aprovar'), { itens }),
  recusar: (i: string, motivo: string) => api.post<PedidoTransferencia>(id(P, i, 'recusar'), { motivo }),
  enviar: (i: string, localOrigem: string, itens: { linha: number; quantidadeEnviada: string; justificativa: string | null }[]) => api.post<PedidoTransferencia>(id(P, i, 'enviar'), { localOrigem, itens }),
};

export const reposicaoApi = {
  lista: (ate: 'minimo' | 'maximo', signal?: AbortSignal) => api.post<{ ate: string; linhas: LinhaReposicao[]; fornecedoraSugerida: string | null; lojas: Loja[] }>('estoqueGerarListaReposicao', { ate }, { signal }),
};

export const transferenciasKeys = {
  todos: (empresa: string | undefined) => ['transferenciasLojas', empresa ?? ''] as const,
};
