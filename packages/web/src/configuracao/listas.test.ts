import { describe, expect, it } from 'vitest';
import {
  carregarAgrupadores,
  carregarFormasPagamento,
  carregarListaReferencia,
  carregarOperadoras,
  carregarPeriodo,
  carregarSetoresImpressao,
  carregarTerminalPadrao,
  listasDeReferencia,
  type ContextoCarga,
} from './listas.ts';
import { semPeriodo } from './periodo.ts';
import { apiFalsa, chamadas, corpoDe, empresa, grupoEmpresarial, ok, recusa } from './teste.ts';

const ctx = (fetch: ReturnType<typeof apiFalsa>, extra: Partial<ContextoCarga> = {}): ContextoCarga => ({ empresa, grupoEmpresarial, fetch, ...extra });
const semEmpresa = { empresa: null };

describe('payment methods and card operators (SPEC.md §7)', () => {
  it('formaPagamento/getPopulate with filtro empresa and lixo false', async () => {
    const fetch = apiFalsa({ 'POST /api/formaPagamento/getPopulate': ok([{ _id: 'fp', descricao: 'Dinheiro' }]) });
    expect(await carregarFormasPagamento(ctx(fetch))).toEqual([{ _id: 'fp', descricao: 'Dinheiro' }]);
    expect(corpoDe(fetch, 'POST /api/formaPagamento/getPopulate')).toMatchObject({ filtro: { empresa: 'emp-1', lixo: false } });
  });

  it('says which list failed and why', async () => {
    const cases = [
      [carregarFormasPagamento, 'formaPagamento', 'Forma Pagamento'],
      [carregarOperadoras, 'operadora', 'Operadoras'],
    ] as const;
    for (const [carregar, recurso, lista] of cases) {
      await expect(carregar(ctx(apiFalsa(), semEmpresa))).rejects.toThrow(`Falha ao capturar ${lista}, configuracoes.empresa esta indefinido!`);
      await expect(carregar(ctx(apiFalsa({ [`POST /api/${recurso}/getPopulate`]: new TypeError('offline') })))).rejects.toThrow(
        `Falha de comunicação ao tentar obter a lista de ${lista}!`,
      );
      await expect(carregar(ctx(apiFalsa({ [`POST /api/${recurso}/getPopulate`]: recusa('Erro', 500) })))).rejects.toThrow(/^Falha de comunicação!$/);
      await expect(carregar(ctx(apiFalsa({ [`POST /api/${recurso}/getPopulate`]: recusa('Valor inválido em filtro: lixo') })))).rejects.toThrow(
        `Falha ao obter ${lista}! Valor inválido em filtro: lixo`,
      );
    }
  });

  it('operadora/getPopulate with filtro empresa and lixo false', async () => {
    const fetch = apiFalsa();
    await carregarOperadoras(ctx(fetch));
    expect(corpoDe(fetch, 'POST /api/operadora/getPopulate')).toMatchObject({ filtro: { empresa: 'emp-1', lixo: false } });
  });
});

describe('print sectors and groupers (SPEC.md §7)', () => {
  it('setorImpressao/getPopulate populating impressora', async () => {
    const fetch = apiFalsa();
    await carregarSetoresImpressao(ctx(fetch));
    expect(corpoDe(fetch, 'POST /api/setorImpressao/getPopulate')).toMatchObject({ filtro: { empresa: 'emp-1', lixo: false }, populateObj: 'impressora' });
    await expect(carregarSetoresImpressao(ctx(fetch, semEmpresa))).rejects.toThrow('Falha ao capturar Setores de Impressão, configuracoes.empresa esta indefinido!');
    await expect(carregarSetoresImpressao(ctx(apiFalsa({ 'POST /api/setorImpressao/getPopulate': recusa('x') })))).rejects.toThrow('Falha ao obter Setores de Impressão! x');
  });

  it('agrupador/getPopulate filtered by grupoEmpresarial, oldest first', async () => {
    const fetch = apiFalsa();
    await carregarAgrupadores(ctx(fetch));
    expect(corpoDe(fetch, 'POST /api/agrupador/getPopulate')).toMatchObject({ filtro: { grupoEmpresarial: 'grupo-1', lixo: false }, sort: { created_at: 1 } });
    await expect(carregarAgrupadores(ctx(fetch, { grupoEmpresarial: null }))).rejects.toThrow('Falha ao capturar Agrupadores, configuracoes.empresa esta indefinido!');
  });
});

describe('reference lists GET lista/{n}', () => {
  it('asks lists 1, 2, 3, 4, 5, 7, 8, 10, 11 and 14', () => {
    expect(listasDeReferencia.map((l) => l.n)).toEqual([1, 2, 3, 4, 5, 7, 8, 10, 11, 14]);
  });

  it('payment status (10) and dispatch status (11) arrive with their first four items preselected; the others untouched', async () => {
    const itens = ['A', 'B', 'C', 'D', 'E', 'F'].map((d) => ({ _id: d, descricao: d }));
    const fetch = apiFalsa({ 'GET /api/lista/10': ok(itens), 'GET /api/lista/11': ok(itens), 'GET /api/lista/5': ok(itens) });
    for (const n of [10, 11]) {
      expect((await carregarListaReferencia(n, ctx(fetch))).map((i) => i.selecionado)).toEqual([true, true, true, true, false, false]);
    }
    expect(await carregarListaReferencia(5, ctx(fetch))).toEqual(itens);
  });

  it('names the list in its failure', async () => {
    await expect(carregarListaReferencia(1, ctx(apiFalsa({ 'GET /api/lista/1': recusa('Lista inexistente.') })))).rejects.toThrow('Falha ao obter Estados! Lista inexistente.');
    await expect(carregarListaReferencia(11, ctx(apiFalsa({ 'GET /api/lista/11': recusa('x', 404) })))).rejects.toThrow(/^Falha de comunicação!$/);
  });
});

describe('default terminal (SPEC.md §7)', () => {
  const empresaPadrao = { _id: 'emp-1', configuracoes: { callCenter: false } };

  it('terminal/getPopulate by _id and empresa, populating configuracoes.caixa', async () => {
    const terminal = { _id: 'term-1', descricao: 'PDV 1', configuracoes: { caixa: { _id: 'caixa-1', descricao: 'Caixa 1' } } };
    const fetch = apiFalsa({ 'POST /api/terminal/getPopulate': ok([terminal]) });
    expect(await carregarTerminalPadrao(empresaPadrao, 'term-1', ctx(fetch))).toEqual(terminal);
    expect(corpoDe(fetch, 'POST /api/terminal/getPopulate')).toEqual({ filtro: { _id: 'term-1', empresa: 'emp-1', lixo: false }, populate: 'configuracoes.caixa' });
  });

  it('the default company must be loaded first', async () => {
    await expect(carregarTerminalPadrao(null, 'term-1', ctx(apiFalsa()))).rejects.toThrow(
      'Empresa Padrão não encontrado. É preciso carregar primeiro a Empresa Padrão antes de tentar carregar a configuração de Terminal Padrão!',
    );
  });

  it('a chosen terminal that is not found (trashed, other company)', async () => {
    await expect(carregarTerminalPadrao(empresaPadrao, 'term-x', ctx(apiFalsa({ 'POST /api/terminal/getPopulate': ok([]) })))).rejects.toThrow(
      'Não foram encontrados nenhum terminal com os dados configurados de Terminal Padrão!',
    );
    await expect(carregarTerminalPadrao(empresaPadrao, 'term-x', ctx(apiFalsa({ 'POST /api/terminal/getPopulate': recusa('y') })))).rejects.toThrow(
      'Falha ao obter Terminal Padrão! y',
    );
  });

  it('no terminal chosen on this computer: none, and no call', async () => {
    const fetch = apiFalsa();
    expect(await carregarTerminalPadrao(empresaPadrao, null, ctx(fetch))).toBeNull();
    expect(chamadas(fetch)).toEqual([]);
  });
});

describe('open period (SPEC.md §7 and §4)', () => {
  const empresaPadrao = { _id: 'emp-1', configuracoes: { callCenter: false } };
  const terminal = { _id: 'term-1', configuracoes: { caixa: { _id: 'caixa-1' } } };

  it('periodo/getPopulate by empresa, grupoEmpresarial and periodoAberto true; open when one is of the terminal’s cashier', async () => {
    const fetch = apiFalsa({
      'POST /api/periodo/getPopulate': ok([
        { _id: 'p-2', caixa: 'caixa-2', periodoAberto: true, dataAbertura: '2026-03-01' },
        { _id: 'p-1', caixa: 'caixa-1', periodoAberto: true, dataAbertura: '2026-03-02' },
      ]),
    });
    expect(await carregarPeriodo(empresaPadrao, terminal, ctx(fetch))).toEqual({ existe: true, aberto: true, _id: 'p-1', dataAbertura: '2026-03-02' });
    expect(corpoDe(fetch, 'POST /api/periodo/getPopulate')).toEqual({ filtro: { empresa: 'emp-1', grupoEmpresarial: 'grupo-1', periodoAberto: true, lixo: false } });
  });

  it('is skipped in call-center mode, and without a terminal cashier', async () => {
    const fetch = apiFalsa();
    expect(await carregarPeriodo({ _id: 'emp-1', configuracoes: { callCenter: true } }, terminal, ctx(fetch))).toEqual(semPeriodo);
    expect(await carregarPeriodo(empresaPadrao, null, ctx(fetch))).toEqual(semPeriodo);
    expect(await carregarPeriodo(empresaPadrao, { _id: 't', configuracoes: { caixa: null } }, ctx(fetch))).toEqual(semPeriodo);
    expect(chamadas(fetch)).toEqual([]);
  });

  it('says which list failed', async () => {
    await expect(carregarPeriodo(empresaPadrao, terminal, ctx(apiFalsa(), semEmpresa))).rejects.toThrow('Falha ao capturar Período, configuracoes.empresa esta indefinido!');
    await expect(carregarPeriodo(empresaPadrao, terminal, ctx(apiFalsa({ 'POST /api/periodo/getPopulate': recusa('z') })))).rejects.toThrow('Falha ao obter Período! z');
  });
});
