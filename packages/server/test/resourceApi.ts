import type { NomeRecurso } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { withCookie } from './http.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in client of the API: JSON in, {status, body, headers} out. */
export function apiClient(app: FastifyInstance, token: string) {
  return async (method: Method, url: string, payload?: unknown) => {
    const res = await app.inject({ method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), ...withCookie(token) });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
}
export type Api = ReturnType<typeof apiClient>;

export async function criar(api: Api, recurso: string, body: Record<string, unknown>): Promise<Record<string, unknown> & { _id: string; version: number }> {
  const res = await api('POST', `/${recurso}`, body);
  if (res.status !== 201) throw new Error(`POST /${recurso}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export interface Amostra {
  /** Two valid bodies; the first sorts before the second by descricao. */
  corpos(api: Api): Promise<[Record<string, unknown>, Record<string, unknown>]>;
  /** A filter (besides _id) that matches the first body and not the second. */
  filtro: Record<string, unknown>;
  alteracao: Record<string, unknown>;
  /** An invalid body and the field label its message must name. */
  invalido(api: Api): Promise<{ body: Record<string, unknown>; campo: string; rotulo: string }>;
}

let seq = 0;
const unico = (texto: string) => `${texto} ${++seq}`;

/** A valid sample per catalogue resource: typed by NomeRecurso, so a new resource needs one here. */
export const amostras: Record<NomeRecurso, Amostra> = {
  agrupador: {
    corpos: async () => [{ descricao: unico('Bebidas'), ordem: 2 }, { descricao: unico('Sobremesas'), ordem: 5, ativo: false }],
    filtro: { ativo: true },
    alteracao: { cor: '#336699' },
    invalido: async () => ({ body: { descricao: '' }, campo: 'descricao', rotulo: 'Descrição' }),
  },
  descontoMotivo: {
    corpos: async () => [{ descricao: unico('Cortesia'), percentualMaximo: 10 }, { descricao: unico('Fidelidade'), percentualMaximo: 20, exigeAutorizacao: true }],
    filtro: { percentualMaximo: { $lt: 15 } },
    alteracao: { percentualMaximo: 12.5 },
    invalido: async () => ({ body: { descricao: 'Excesso', percentualMaximo: 150 }, campo: 'percentualMaximo', rotulo: 'Desconto máximo (%)' }),
  },
  impressora: {
    corpos: async () => [{ descricao: unico('Caixa'), conexao: 'Rede', endereco: '192.168.0.50:9100' }, { descricao: unico('Cozinha'), conexao: 'USB' }],
    filtro: { conexao: 'Rede' },
    alteracao: { colunas: 42 },
    invalido: async () => ({ body: { descricao: 'Sem conexão', conexao: 'Wi-Fi' }, campo: 'conexao', rotulo: 'Conexão' }),
  },
  setorImpressao: {
    async corpos(api) {
      const impressora = await criar(api, 'impressora', { descricao: unico('Impressora do setor'), conexao: 'Rede' });
      return [{ descricao: unico('Bar'), impressora: impressora._id }, { descricao: unico('Cozinha'), impressora: impressora._id, copias: 2 }];
    },
    filtro: { copias: 1 },
    alteracao: { copias: 3 },
    invalido: async () => ({ body: { descricao: 'Sem impressora', impressora: 'nao-existe' }, campo: 'impressora', rotulo: 'Impressora' }),
  },
  unidadeMedida: {
    corpos: async () => [{ sigla: `C${++seq}`, descricao: unico('Caixa') }, { sigla: `K${++seq}`, descricao: unico('Quilograma'), fracionado: true }],
    filtro: { fracionado: false },
    alteracao: { fracionado: true },
    invalido: async () => ({ body: { sigla: 'MUITOLONGA', descricao: 'x' }, campo: 'sigla', rotulo: 'Sigla' }),
  },
};
