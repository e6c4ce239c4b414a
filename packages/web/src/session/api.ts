import { escolherGrupoData, sessaoData } from '@retaguarda/domain';
import type { EmpresaSessao, EscolherGrupoData, LoginBody, SessaoData } from '@retaguarda/domain';
import { z } from 'zod';
import { api } from '../api/client.ts';

const mensagem = z.object({ message: z.string() });
const loginAnswer = z.union([sessaoData, escolherGrupoData]);

export type LoginAnswer = SessaoData | EscolherGrupoData;

export function precisaEscolherGrupo(answer: LoginAnswer): answer is EscolherGrupoData {
  return 'escolherGrupo' in answer;
}

/** Session calls of the server API. 401 at login means wrong credentials, not an expired session. */
export const sessaoApi = {
  login: (body: LoginBody) => api.post<LoginAnswer>('login', body, { schema: loginAnswer, ignoreUnauthorized: true }),
  logout: () => api.post<unknown>('logout', {}, { ignoreUnauthorized: true }),
  sessao: (signal?: AbortSignal) => api.get<SessaoData>('sessao', { schema: sessaoData, signal }),
  trocarEmpresa: (empresa: EmpresaSessao['_id']) => api.post<SessaoData>('sessao/empresa', { empresa }, { schema: sessaoData }),
  // A wrong current password may come back as 401 too; the dialog shows it instead of ending the session.
  trocarSenha: (senhaAtual: string, senha: string) =>
    api.post<{ message: string }>('sessao/senha', { senhaAtual, senha }, { schema: mensagem.partial().transform((m) => ({ message: m.message ?? '' })), ignoreUnauthorized: true }),
  recuperarSenha: (email: string) => api.post<{ message: string }>('recuperarSenha', { email }, { schema: mensagem, ignoreUnauthorized: true }),
  alterarSenha: (chave: string, senha: string) => api.post<{ message: string }>('alterarSenha', { chave, senha }, { schema: mensagem, ignoreUnauthorized: true }),
};
