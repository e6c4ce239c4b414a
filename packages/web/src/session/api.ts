import type { EmpresaSessao, EscolherGrupoData, LoginBody, SessaoData } from '@retaguarda/domain';
import { api } from '../api/client.ts';

export type LoginAnswer = SessaoData | EscolherGrupoData;

export function precisaEscolherGrupo(answer: LoginAnswer): answer is EscolherGrupoData {
  return 'escolherGrupo' in answer;
}

// The answers' schemas (zod and the session contract) load with the first call, not with the login page.
const respostas = async () => (await import('./respostas.ts')).respostas;

/** Session calls of the server API. 401 at login means wrong credentials, not an expired session. */
export const sessaoApi = {
  login: async (body: LoginBody) => api.post<LoginAnswer>('login', body, { schema: (await respostas()).login, ignoreUnauthorized: true }),
  logout: () => api.post<unknown>('logout', {}, { ignoreUnauthorized: true }),
  sessao: async (signal?: AbortSignal) => api.get<SessaoData>('sessao', { schema: (await respostas()).sessao, signal }),
  trocarEmpresa: async (empresa: EmpresaSessao['_id']) => api.post<SessaoData>('sessao/empresa', { empresa }, { schema: (await respostas()).sessao }),
  // A wrong current password may come back as 401 too; the dialog shows it instead of ending the session.
  trocarSenha: async (senhaAtual: string, senha: string) =>
    api.post<{ message: string }>('sessao/senha', { senhaAtual, senha }, { schema: (await respostas()).trocarSenha, ignoreUnauthorized: true }),
  recuperarSenha: async (email: string) => api.post<{ message: string }>('recuperarSenha', { email }, { schema: (await respostas()).mensagem, ignoreUnauthorized: true }),
  alterarSenha: async (chave: string, senha: string) =>
    api.post<{ message: string }>('alterarSenha', { chave, senha }, { schema: (await respostas()).mensagem, ignoreUnauthorized: true }),
};
