import { describe, expect, it, vi } from 'vitest';
import { carregarConfiguracao, carregarTerminalEPeriodo, type DependenciasCarga } from './carregar.ts';
import { semPeriodo } from './periodo.ts';
import { criarConfiguracaoStore, setoresDaConfiguracao } from './store.ts';
import { apiFalsa, chamadas, empresa, grupoEmpresarial, ok, recusa, type Resposta } from './teste.ts';

function montar(rotas: Record<string, Resposta> = {}, terminal: string | null = 'term-1') {
  const fetch = apiFalsa(rotas);
  const store = criarConfiguracaoStore();
  const notificar = vi.fn();
  const deps: DependenciasCarga = { store, notificar, terminalDoComputador: vi.fn(() => terminal) };
  return { fetch, store, notificar, deps, ctx: { empresa, grupoEmpresarial, fetch } };
}

const garcom = { _id: 'u-1', nome: 'Ana', login: 'ana', atribuicaoSistema: 'Garçom', pessoa: 'p-1' };
const motoboy = { _id: 'u-2', nome: 'Beto', login: 'beto', atribuicaoSistema: 'Motoboy', pessoa: 'p-2' };
const terminal = { _id: 'term-1', descricao: 'PDV 1', configuracoes: { caixa: { _id: 'caixa-1', descricao: 'Caixa 1' }, setorImpressaoCaixa: 'set-1', setorImpressaoNfce: null } };
const tudoCerto: Record<string, Resposta> = {
  // SPEC.md §7: the default company's record by _id (here the session's company, as the server answers).
  'POST /api/empresa/getPopulate': (body) => ok([{ ...empresa, _id: (body as { filtro: { _id: string } }).filtro._id }]),
  'POST /api/formaPagamento/getPopulate': ok([{ _id: 'fp-1' }]),
  'POST /api/operadora/getPopulate': ok([{ _id: 'op-1' }]),
  'POST /api/setorImpressao/getPopulate': ok([{ _id: 'set-1', descricao: 'Caixa', impressora: { _id: 'imp-1' } }]),
  'POST /api/agrupador/getPopulate': ok([{ _id: 'ag-1' }, { _id: 'ag-2' }]),
  'GET /api/lista/10': ok(['Pendente', 'Parcial', 'Pago', 'Estornado', 'Cancelado'].map((d) => ({ _id: d, descricao: d }))),
  'POST /api/terminal/getPopulate': ok([terminal]),
  'POST /api/periodo/getPopulate': ok([{ _id: 'per-1', caixa: 'caixa-1', periodoAberto: true, dataAbertura: '2026-04-10' }]),
  // Employees, or delivery people when the filter asks for atribuicaoSistema 'Motoboy' (SPEC.md §6).
  'POST /api/getUsuario': (body) => ok((body as { filtro: { atribuicaoSistema?: string } }).filtro.atribuicaoSistema === 'Motoboy' ? [motoboy] : [garcom, motoboy]),
};

describe('loading the configuration of the session’s company', () => {
  it('fills every list, the default company and terminal, and the open period of its cashier', async () => {
    const { store, notificar, deps, ctx, fetch } = montar(tudoCerto);
    await carregarConfiguracao(ctx, deps);
    const s = store.getState();
    expect(s).toMatchObject({ formasPagamento: [{ _id: 'fp-1' }], operadoras: [{ _id: 'op-1' }], agrupadores: [{ _id: 'ag-1' }, { _id: 'ag-2' }], empresaId: 'emp-1', carregando: false });
    expect(s.statusPagamento.map((i) => i.selecionado)).toEqual([true, true, true, true, false]);
    expect(s.empresaPadrao).toMatchObject({ _id: 'emp-1' });
    expect(s.terminalPadrao).toEqual(terminal);
    expect(s.periodo).toEqual({ existe: true, aberto: true, _id: 'per-1', dataAbertura: '2026-04-10' });
    expect(setoresDaConfiguracao(s).caixa).toMatchObject({ _id: 'set-1' });
    expect(s.funcionarios).toEqual([garcom, motoboy]);
    expect(s.entregadores).toEqual([motoboy]);
    expect(notificar).not.toHaveBeenCalled();
    expect(chamadas(fetch)).toEqual(
      expect.arrayContaining([...[1, 2, 3, 4, 5, 7, 8, 10, 11, 14].map((n) => `GET /api/lista/${n}`), 'POST /api/periodo/getPopulate', 'POST /api/terminal/getPopulate']),
    );
    expect(chamadas(fetch).filter((c) => c === 'POST /api/getUsuario')).toHaveLength(2);
  });

  it('asks for the lists only once the visible screen’s data has arrived (depoisDaTela), the products last', async () => {
    const { deps, ctx, fetch, store } = montar({ ...tudoCerto, 'POST /api/getListaProdutoGeralEmpresa': ok([{ _id: 'pe-1' }]) });
    let telaPronta: (() => void) | undefined;
    const carga = carregarConfiguracao(ctx, { ...deps, depoisDaTela: () => new Promise<void>((r) => (telaPronta = r)) });
    // The run is parked on the screen's promise (it asks nothing before it): nothing may have been asked yet.
    await vi.waitFor(() => expect(telaPronta).toBeDefined());
    expect(chamadas(fetch)).toEqual([]);
    expect(store.getState().carregando).toBe(true);
    telaPronta!();
    await carga;
    const pedidos = chamadas(fetch);
    expect(pedidos[0]).toBe('POST /api/formaPagamento/getPopulate');
    expect(pedidos.indexOf('POST /api/getListaProdutoGeralEmpresa')).toBeGreaterThan(pedidos.indexOf('GET /api/lista/14'));
    expect(store.getState()).toMatchObject({ produtos: [{ _id: 'pe-1' }], carregando: false });
  });

  it('a failing loader empties its list and is reported; the others still load', async () => {
    const { store, notificar, deps, ctx } = montar({
      ...tudoCerto,
      'POST /api/operadora/getPopulate': new TypeError('offline'),
      'POST /api/agrupador/getPopulate': recusa('Campo desconhecido em sort: created_at'),
      'POST /api/getUsuario': (body) =>
        (body as { filtro: { atribuicaoSistema?: string } }).filtro.atribuicaoSistema ? recusa('Filtro inválido: atribuicaoSistema') : ok([garcom, motoboy]),
    });
    store.setState({ operadoras: [{ _id: 'velha' }], entregadores: [motoboy] });
    await carregarConfiguracao(ctx, deps);
    const s = store.getState();
    expect(s.operadoras).toEqual([]);
    expect(s.agrupadores).toEqual([]);
    expect(s.formasPagamento).toEqual([{ _id: 'fp-1' }]);
    expect(s.entregadores).toEqual([]);
    expect(s.funcionarios).toEqual([garcom, motoboy]);
    expect(notificar.mock.calls.map(([m]) => m).sort()).toEqual(
      [
        'Falha ao obter Agrupadores! Campo desconhecido em sort: created_at',
        'Falha de comunicação ao tentar obter a lista de Operadoras!',
        'Falha ao obter Entregadores! Filtro inválido: atribuicaoSistema',
      ].sort(),
    );
  });

  it('a server that is down is reported once per message, not once per list', async () => {
    const { store, notificar, deps, ctx } = montar(Object.fromEntries(Object.keys(tudoCerto).map((k) => [k, recusa('x', 503)])));
    await carregarConfiguracao(ctx, deps);
    // The default company could not be read either, so the terminal says why it was not loaded (SPEC.md §8).
    expect(notificar.mock.calls.map(([m]) => m)).toEqual([
      'Falha de comunicação!',
      'Empresa Padrão não encontrado. É preciso carregar primeiro a Empresa Padrão antes de tentar carregar a configuração de Terminal Padrão!',
    ]);
    expect(store.getState()).toMatchObject({ formasPagamento: [], terminalPadrao: null, periodo: semPeriodo });
  });

  it('a chosen terminal that no longer exists: reported, no terminal and no period', async () => {
    const { store, notificar, deps, ctx, fetch } = montar({ ...tudoCerto, 'POST /api/terminal/getPopulate': ok([]) });
    await carregarConfiguracao(ctx, deps);
    expect(notificar).toHaveBeenCalledWith('Não foram encontrados nenhum terminal com os dados configurados de Terminal Padrão!');
    expect(store.getState()).toMatchObject({ terminalPadrao: null, periodo: semPeriodo });
    expect(chamadas(fetch)).not.toContain('POST /api/periodo/getPopulate');
  });

  it('in call-center mode the period lookup is skipped', async () => {
    const callCenter = { ...empresa, configuracoes: { ...empresa.configuracoes, callCenter: true } };
    const { store, deps, fetch } = montar({ ...tudoCerto, 'POST /api/empresa/getPopulate': ok([callCenter]) });
    await carregarConfiguracao({ empresa: callCenter, grupoEmpresarial, fetch }, deps);
    expect(chamadas(fetch)).toContain('POST /api/terminal/getPopulate');
    expect(chamadas(fetch)).not.toContain('POST /api/periodo/getPopulate');
    expect(store.getState().periodo).toEqual(semPeriodo);
  });

  it('without a company every list says configuracoes.empresa is missing, and nothing is asked', async () => {
    const { store, notificar, deps, fetch } = montar(tudoCerto);
    await carregarConfiguracao({ empresa: null, grupoEmpresarial, fetch }, deps);
    const mensagens = notificar.mock.calls.map(([m]) => m);
    for (const lista of ['Forma Pagamento', 'Operadoras', 'Setores de Impressão', 'Agrupadores', 'Lista de Produtos', 'Informações de Impostos', 'Funcionários', 'Entregadores']) {
      expect(mensagens).toContain(`Falha ao capturar ${lista}, configuracoes.empresa esta indefinido!`);
    }
    expect(mensagens).toContain('Configurações da Empresa Padrão não foram encontrados, reconfigure o sistema!');
    expect(mensagens).toContain('Empresa Padrão não encontrado. É preciso carregar primeiro a Empresa Padrão antes de tentar carregar a configuração de Terminal Padrão!');
    expect(chamadas(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);
    expect(store.getState().formasPagamento).toEqual([]);
  });

  it('a company switch starts from empty lists, and a late answer of the previous company is dropped', async () => {
    let responder!: () => void;
    const atrasada = new Promise<void>((r) => (responder = r));
    const { store, notificar, deps, fetch } = montar({ ...tudoCerto });
    fetch.mockImplementationOnce(async () => {
      await atrasada;
      return ok([{ _id: 'fp-da-empresa-anterior' }]);
    });
    const primeira = new AbortController();
    const carga = carregarConfiguracao({ empresa, grupoEmpresarial, fetch, signal: primeira.signal }, deps);
    primeira.abort();
    const outra = { ...empresa, _id: 'emp-2' };
    await carregarConfiguracao({ empresa: outra, grupoEmpresarial, fetch }, deps);
    responder();
    await carga;
    expect(store.getState().empresaId).toBe('emp-2');
    expect(store.getState().formasPagamento).toEqual([{ _id: 'fp-1' }]);
    expect(notificar).not.toHaveBeenCalled();
  });

  it('choosing another terminal reloads only the terminal and the period', async () => {
    const { store, deps, ctx, fetch } = montar(tudoCerto, null);
    await carregarConfiguracao(ctx, deps);
    expect(store.getState()).toMatchObject({ terminalPadrao: null, periodo: semPeriodo });
    fetch.mockClear();
    await carregarTerminalEPeriodo(ctx, { ...deps, terminalDoComputador: () => 'term-1' });
    expect(chamadas(fetch)).toEqual(['POST /api/terminal/getPopulate', 'POST /api/periodo/getPopulate']);
    expect(store.getState().periodo.aberto).toBe(true);
  });
});
