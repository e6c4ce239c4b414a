import { api } from '../../api/client.ts';

export interface ContaFinanceira {
  _id: string;
  nome: string;
  tipo: string;
  banco: string | null;
}

/** A row of GET /api/financeiroConciliacaoBancaria/extrato. */
export interface LinhaExtrato {
  _id: string;
  fitid: string;
  data: string;
  /** Centavos, negative for debits. */
  valor: number;
  memo: string;
  nome: string;
  trntype: string;
  conciliada: boolean;
}

export interface ImportacaoExtrato {
  _id: string;
  arquivoNome: string;
  linhas: number;
  importadas: number;
  repetidas: number;
  inicio: string | null;
  fim: string | null;
  saldo: number | null;
  saldoData: string | null;
  importadoEm: string;
}

export interface ResultadoImportacao {
  importadas: number;
  repetidas: number;
  linhas: { fitid: string; data: string; valor: number; memo: string }[];
}

/** Query keys of the screen, by company (the accounts are the company's). */
export const conciliacaoKeys = {
  all: ['financeiroConciliacaoBancaria'] as const,
  contas: (empresa: string | undefined) => [...conciliacaoKeys.all, empresa, 'contas'] as const,
  extrato: (empresa: string | undefined, conta: string) => [...conciliacaoKeys.all, empresa, 'extrato', conta] as const,
};

export const conciliacaoApi = {
  contas: (signal?: AbortSignal) =>
    api.post<ContaFinanceira[]>('financeiroConta/getPopulate', { filtro: { ativo: true }, limit: 500, select: 'nome tipo banco' }, { signal }),
  extrato: (conta: string, signal?: AbortSignal) =>
    api.get<{ linhas: LinhaExtrato[]; importacoes: ImportacaoExtrato[] }>(`financeiroConciliacaoBancaria/extrato?conta=${encodeURIComponent(conta)}`, { signal }),
  importar: (conta: string, nome: string, conteudo: string) =>
    api.post<ResultadoImportacao>('financeiroConciliacaoBancaria/importar', { conta, arquivo: { nome, conteudo } }),
};
