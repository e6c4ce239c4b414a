import { mensagens } from '@retaguarda/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setConfig, defaultConfig } from '../app/config.ts';
import { api, ApiError, setUnauthorizedHandler } from './client.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
  setConfig(defaultConfig);
});

describe('API client', () => {
  it('calls baseRest from config.json with JSON and same-origin credentials, returning data', async () => {
    setConfig({ ...defaultConfig, baseRest: '/api/' });
    const fetchMock = vi.fn(async () => json(200, { valido: true, data: { ok: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/sessao/empresa', { empresa: 'e1' })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sessao/empresa');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"empresa":"e1"}' });
  });

  it('throws ApiError with the Portuguese message, fields and status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { valido: false, data: { message: mensagens.versaoDesatualizada, campos: { nome: 'x' } } })));
    const error = await api.get('pessoa/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: mensagens.versaoDesatualizada, status: 409, campos: { nome: 'x' } });
  });

  it('reports falhaComunicacao for network failures and non-JSON answers', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(api.get('sessao')).rejects.toMatchObject({ message: 'Falha de comunicação!', status: 0 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>502</html>', { status: 502 })));
    await expect(api.get('sessao')).rejects.toMatchObject({ message: 'Falha de comunicação!', status: 502 });
  });

  it('ends the session on 401, except where 401 is an ordinary answer', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { valido: false, data: { message: mensagens.sessaoExpirada } })));
    await expect(api.get('sessao')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(api.post('login', {}, { ignoreUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer outside the shared contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { valido: true, data: { nome: 3 } })));
    await expect(api.get('x', { schema: z.object({ nome: z.string() }) })).rejects.toMatchObject({ message: 'Falha de comunicação!' });
  });
});
