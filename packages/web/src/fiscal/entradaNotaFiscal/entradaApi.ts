import { api } from '../../api/client.ts';

/** Shapes of the server's entradaNotaFiscal routes (packages/server/src/fiscal/entradaNotaFiscal). */
export type SituacaoEntrada = 'pendente' | 'lancada' | 'estornada' | 'cancelada';

export interface ResultadoImportacao {
  nome: string;
  chave: string | null;
  situacao: 'pendente' | 'recusada' | 'cancelada' | 'repetida';
  motivo?: string;
  avisos: string[];
  itens: { numero: number; produto: string | null }[];
  valorTotal: number;
  entrada?: string;
}

export interface EntradaListada {
  _id: string;
  chave: string;
  numero: number;
  serie: number;
  emissao: string;
  emitenteNome: string;
  valorTotal: number;
  situacao: SituacaoEntrada;
  itens: number;
  itensSemProduto: number;
  canceladaEm: string | null;
}

export interface ItemEntrada {
  numero: number;
  cProd: string;
  gtin: string | null;
  descricao: string;
  unidade: string;
  quantidade: string;
  valorProduto: number;
  custo: number;
  produto: string | null;
  produtoDescricao: string | null;
  produtoUnidade: string | null;
  fator: string | null;
  custoUnitario: string | null;
  ultimoCusto: string | null;
  /** Whole percent above the last purchase, when flagged. */
  altaDePreco: number | null;
}

export interface Entrada {
  _id: string;
  chave: string;
  serie: number;
  numero: number;
  emissao: string;
  fornecedor: string;
  fornecedorNome: string | null;
  emitenteDocumento: string;
  emitenteNome: string;
  valorTotal: number;
  situacao: SituacaoEntrada;
  avisos: string[];
  duplicatas: { numero: string; vencimento: string; valor: number }[];
  pagamentos: { tPag: string; valor: number }[];
  local: string | null;
  titulos: string[];
  lancadaEm: string | null;
  estornadaEm: string | null;
  canceladaEm: string | null;
  itens: ItemEntrada[];
}

/** The badge colour of each situation, of an entry or of a file's answer. */
export const corSituacao: Record<string, string> = { pendente: 'yellow', lancada: 'green', estornada: 'gray', cancelada: 'red', recusada: 'red', repetida: 'gray' };

const rota = (id: string, acao?: string) => `entradaNotaFiscal/${encodeURIComponent(id)}${acao ? `/${acao}` : ''}`;

export const entradaApi = {
  importar: (arquivos: { nome: string; conteudo: string }[]) => api.post<ResultadoImportacao[]>('entradaNotaFiscal/importar', { arquivos }),
  listar: (filtro: { situacao?: SituacaoEntrada; busca?: string }, signal?: AbortSignal) => api.post<EntradaListada[]>('entradaNotaFiscal/lista', filtro, { signal }),
  detalhe: (id: string, signal?: AbortSignal) => api.get<Entrada>(rota(id), { signal }),
  corresponder: (id: string, numero: number, corpo: { produto: string; fator?: string | null }) => api.post<Entrada>(rota(id, `itens/${numero}`), corpo),
  lancar: (id: string, corpo: { local: string; planoConta?: string }) => api.post<Entrada>(rota(id, 'lancar'), corpo),
  estornar: (id: string, motivo: string) => api.post<Entrada>(rota(id, 'estornar'), { motivo }),
};

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
