import type { ConciliacaoDaLinha, ConciliarRecebivelBody, MovimentoCandidato, RecebiveisDaLinha, RegraConciliacaoBody, RegraConciliacaoSalva, ResultadoConciliacao, SaldoConciliadoDia } from '@retaguarda/domain';
import { api, isApiError } from '../../api/client.ts';

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
  conciliacao: Omit<ConciliacaoDaLinha, 'usuario'> | null;
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
  conciliadas: number;
}

/** What the screen says of a failed call: the server's message, or the error as text; null without one. */
export const mensagemDeErro = (e: unknown): string | null => (e ? (isApiError(e) ? e.message : String(e)) : null);

/** Query keys of the screen, by company (the accounts are the company's). */
export const conciliacaoKeys = {
  all: ['financeiroConciliacaoBancaria'] as const,
  contas: (empresa: string | undefined) => [...conciliacaoKeys.all, empresa, 'contas'] as const,
  extrato: (empresa: string | undefined, conta: string) => [...conciliacaoKeys.all, empresa, 'extrato', conta] as const,
  /** Everything that changes when a line is matched or unmatched: lines, open movements, balances. */
  daConta: (empresa: string | undefined, conta: string) => [...conciliacaoKeys.all, empresa, 'conta', conta] as const,
  regras: ['financeiroConciliacaoBancaria', 'regras'] as const,
};

const base = 'financeiroConciliacaoBancaria';
const q = encodeURIComponent;

export const conciliacaoApi = {
  contas: (signal?: AbortSignal) =>
    api.post<ContaFinanceira[]>('financeiroConta/getPopulate', { filtro: { ativo: true }, limit: 500, select: 'nome tipo banco' }, { signal }),
  extrato: (conta: string, signal?: AbortSignal) =>
    api.get<{ linhas: LinhaExtrato[]; importacoes: ImportacaoExtrato[] }>(`financeiroConciliacaoBancaria/extrato?conta=${encodeURIComponent(conta)}`, { signal }),
  importar: (conta: string, nome: string, conteudo: string) =>
    api.post<ResultadoImportacao>('financeiroConciliacaoBancaria/importar', { conta, arquivo: { nome, conteudo } }),
  movimentosAbertos: (conta: string, signal?: AbortSignal) => api.get<MovimentoCandidato[]>(`${base}/movimentosAbertos?conta=${q(conta)}`, { signal }),
  saldoConciliado: (conta: string, de: string, ate: string, signal?: AbortSignal) =>
    api.get<SaldoConciliadoDia[]>(`${base}/saldoConciliado?conta=${q(conta)}&de=${de}&ate=${ate}`, { signal }),
  conciliar: (conta: string) => api.post<ResultadoConciliacao>(`${base}/conciliar`, { conta }),
  manual: (linha: string, movimentos: string[]) => api.post<{ conciliacao: string }>(`${base}/manual`, { linha, movimentos }),
  recebiveis: (linha: string, signal?: AbortSignal) => api.get<RecebiveisDaLinha>(`${base}/recebiveis?linha=${q(linha)}`, { signal }),
  conciliarRecebivel: (corpo: ConciliarRecebivelBody) => api.post<{ conciliacao: string }>(`${base}/recebivel`, corpo),
  desfazer: (linha: string) => api.post<{ movimentos: string[] }>(`${base}/desfazer`, { linha }),
  movimentoDaLinha: (linha: string, planoConta: string, descricao: string) => api.post<unknown>(`${base}/movimentoDaLinha`, { linha, planoConta, descricao }),
  regras: (signal?: AbortSignal) => api.get<RegraConciliacaoSalva[]>(`${base}/regras`, { signal }),
  criarRegra: (regra: RegraConciliacaoBody) => api.post<RegraConciliacaoSalva>(`${base}/regras`, regra),
  removerRegra: (id: string) => api.delete<unknown>(`${base}/regras/${q(id)}`),
};
