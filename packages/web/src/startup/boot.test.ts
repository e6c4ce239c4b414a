import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig, getConfig, loadConfig, setConfig } from '../app/config.ts';
import { boot, type BootSteps } from './boot.ts';

afterEach(() => {
  setConfig(defaultConfig);
  vi.restoreAllMocks();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const enderecos = { baseRest: 'https://api.exemplo.com.br/rest', baseS3: 'https://arquivos.exemplo.com.br', baseSocket: 'wss://tempo-real.exemplo.com.br', pathSocket: '/socket.io' };

function passos(over: Partial<BootSteps> = {}) {
  const ordem: string[] = [];
  const steps: BootSteps = {
    loadConfig: vi.fn(async () => void ordem.push('config')),
    runStartup: vi.fn(async () => (ordem.push('módulos'), { kind: 'mount' as const })),
    mount: vi.fn(() => void ordem.push('montar')),
    redirect: vi.fn((to: string) => void ordem.push(`redirecionar ${to}`)),
    showFailure: vi.fn(() => void ordem.push('falha')),
    ...over,
  };
  return { steps, ordem };
}

describe('start-up (SPEC.md §4, §7)', () => {
  it("config.json's four base addresses are read before anything mounts, and the app's calls use them", async () => {
    let responder!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((r) => (responder = r)));
    let vistoAoMontar: unknown;
    const { steps, ordem } = passos({ loadConfig: () => loadConfig(fetch), mount: vi.fn(() => void (vistoAoMontar = { ...getConfig() })) });
    const carga = boot(steps);
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(steps.runStartup).not.toHaveBeenCalled();
    expect(steps.mount).not.toHaveBeenCalled();
    responder(json(enderecos));
    await carga;
    expect(ordem).toEqual(['módulos']);
    expect(steps.mount).toHaveBeenCalledTimes(1);
    expect(vistoAoMontar).toEqual(enderecos);
  });

  it('without a readable config.json the same-origin addresses are used and the app still opens', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const fetch of [vi.fn(async () => new Response('', { status: 404 })), vi.fn(async () => Promise.reject(new TypeError('offline')))]) {
      expect(await loadConfig(fetch)).toEqual({ baseRest: '/api', baseS3: '', baseSocket: '', pathSocket: '' });
    }
    expect(await loadConfig(vi.fn(async () => json({ baseRest: '/outra' })))).toEqual({ baseRest: '/outra', baseS3: '', baseSocket: '', pathSocket: '' });
  });

  it('runs the modules, then mounts; a redirect or a failing module does not mount', async () => {
    const normal = passos();
    await boot(normal.steps);
    expect(normal.ordem).toEqual(['config', 'módulos', 'montar']);

    const redirecionado = passos({ runStartup: async () => ({ kind: 'redirect', to: '/manutencao', module: 'aviso' }) });
    await boot(redirecionado.steps);
    expect(redirecionado.ordem).toEqual(['config', 'redirecionar /manutencao']);

    const falho = passos({ runStartup: async () => ({ kind: 'failed', module: 'i18n', error: new Error('x') }) });
    await boot(falho.steps);
    expect(falho.ordem).toEqual(['config', 'falha']);
  });
});
