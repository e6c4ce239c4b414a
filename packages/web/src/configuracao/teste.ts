import type { EmpresaSessao, GrupoSessao } from '@retaguarda/domain';
import { vi } from 'vitest';

/** Test helpers: a fake API that answers by "METHOD path", and the session of a demo company. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data: unknown) => json(200, { valido: true, data });
export const recusa = (message: string, status = 200) => json(status, { valido: false, data: { message } });

export type Resposta = Response | Error | ((body: unknown) => Response);

/** Routes not in `rotas` answer [] (a list) so only the call under test matters. */
export function apiFalsa(rotas: Record<string, Resposta> = {}) {
  return vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const chave = `${init?.method ?? 'GET'} ${String(url)}`;
    const resposta = rotas[chave];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (resposta instanceof Error || resposta instanceof DOMException) throw resposta;
    if (typeof resposta === 'function') return resposta(body);
    return resposta ? resposta.clone() : ok([]);
  });
}

/** The body sent on the first call to `chave` ("POST /api/…"). */
export function corpoDe(fetchMock: ReturnType<typeof apiFalsa>, chave: string): unknown {
  const chamada = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === chave);
  if (!chamada) throw new Error(`sem chamada a ${chave}`);
  return typeof chamada[1]?.body === 'string' ? JSON.parse(chamada[1].body) : undefined;
}

export const chamadas = (fetchMock: ReturnType<typeof apiFalsa>) => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

export const empresa: EmpresaSessao = {
  _id: 'emp-1',
  grupoEmpresarial: 'grupo-1',
  nomeFantasia: 'Centro',
  razaoSocial: 'Demo Centro Ltda',
  cnpj: null,
  configuracoes: { callCenter: false, empresasCallCenter: [], expedicao: { setorImpressaoExpedicao: null }, googleKeyApi: null, googleVersaoApi: null },
};
export const grupoEmpresarial: GrupoSessao = { _id: 'grupo-1', nome: 'Grupo Demonstração' };
