import { mensagens } from '@retaguarda/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/client.ts';
import { defaultConfig, setConfig } from '../app/config.ts';
import { chamar, ErroConfiguracao } from './chamada.ts';
import { json, ok, recusa } from './teste.ts';

afterEach(() => {
  setUnauthorizedHandler(() => {});
  setConfig(defaultConfig);
});

const chamarCom = (resposta: Response | Error, semResposta?: string) =>
  chamar('POST', 'formaPagamento/getPopulate', {}, {
    lista: 'Forma Pagamento',
    ...(semResposta ? { semResposta } : {}),
    fetch: vi.fn(async () => {
      if (!(resposta instanceof Response)) throw resposta;
      return resposta;
    }),
  });

describe('configuration call messages (SPEC.md §8)', () => {
  it('gives the data of a valid answer', async () => {
    await expect(chamarCom(ok([{ _id: '1' }]))).resolves.toEqual([{ _id: '1' }]);
  });

  it("'Falha de comunicação!' on a status other than 200, whatever the body says", async () => {
    for (const resposta of [json(500, { valido: false, data: { message: 'Erro interno' } }), json(404, { valido: false, data: { message: 'Recurso não encontrado.' } }), new Response('', { status: 502 }), json(201, { valido: true, data: [] })]) {
      await expect(chamarCom(resposta)).rejects.toThrow(new ErroConfiguracao('Falha de comunicação!'));
    }
  });

  it("'Falha ao obter <lista>!' plus the server message when valido is false", async () => {
    await expect(chamarCom(recusa('Campo desconhecido em filtro: x'))).rejects.toThrow('Falha ao obter Forma Pagamento! Campo desconhecido em filtro: x');
    await expect(chamarCom(json(200, { valido: false, data: {} }))).rejects.toThrow(/^Falha ao obter Forma Pagamento!$/);
  });

  it('no answer at all: the list’s own message, or Falha de comunicação!', async () => {
    await expect(chamarCom(new TypeError('Failed to fetch'), mensagens.falhaComunicacaoLista('Forma Pagamento'))).rejects.toThrow(
      'Falha de comunicação ao tentar obter a lista de Forma Pagamento!',
    );
    await expect(chamarCom(new TypeError('Failed to fetch'))).rejects.toThrow(/^Falha de comunicação!$/);
    await expect(chamarCom(new Response('<html>', { status: 200 }), mensagens.falhaComunicacaoLista('Operadoras'))).rejects.toThrow(
      'Falha de comunicação ao tentar obter a lista de Operadoras!',
    );
  });

  it('a 401 ends the session like every other call', async () => {
    const encerrar = vi.fn();
    setUnauthorizedHandler(encerrar);
    await expect(chamarCom(json(401, { valido: false, data: { message: mensagens.sessaoExpirada } }))).rejects.toThrow('Falha de comunicação!');
    expect(encerrar).toHaveBeenCalledTimes(1);
  });

  it("goes to config.json's base REST address (SPEC.md §7)", async () => {
    setConfig({ ...defaultConfig, baseRest: 'https://api.exemplo.com.br/rest/' });
    const fetch = vi.fn(async () => ok([]));
    await chamar('GET', 'lista/1', undefined, { lista: 'Estados', fetch });
    expect(fetch).toHaveBeenCalledWith('https://api.exemplo.com.br/rest/lista/1', expect.objectContaining({ method: 'GET', credentials: 'same-origin' }));
  });

  it('lets an abort through as an abort', async () => {
    await expect(chamarCom(new DOMException('abortado', 'AbortError'))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
