import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** The SPEC.md §7 calls of the store terminal, with their bodies exactly as it sends them. */
let ctx: TestContext;
let api: Api;
let outraEmpresa: Api;
let empresa: string;
let grupoEmpresarial: string;
beforeAll(async () => {
  ctx = await createTestContext();
  empresa = ctx.seed.demo.empresas[0]!;
  grupoEmpresarial = ctx.seed.demo.grupoEmpresarial;
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const token = await signIn(ctx.app, 'admin@demo.com.br');
  const troca = await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) });
  expect(troca.statusCode).toBe(200);
  outraEmpresa = apiClient(ctx.app, token);
});
afterAll(async () => ctx?.close());

const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id).sort();

describe('SPEC §7 getPopulate bodies', () => {
  it('formaPagamento/getPopulate {filtro: {empresa, lixo: false}} lists the company’s methods, not the trash nor another company’s', async () => {
    const dinheiro = await criar(api, 'formaPagamento', { descricao: 'Dinheiro', tipo: 'Dinheiro', permiteTroco: true });
    const pix = await criar(api, 'formaPagamento', { descricao: 'PIX', tipo: 'PIX' });
    const velha = await criar(api, 'formaPagamento', { descricao: 'Cheque', tipo: 'Cheque' });
    await api('DELETE', `/formaPagamento/${velha._id}`);
    await criar(outraEmpresa, 'formaPagamento', { descricao: 'Dinheiro', tipo: 'Dinheiro' });
    const res = await api('POST', '/formaPagamento/getPopulate', { filtro: { empresa, lixo: false } });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([dinheiro._id, pix._id].sort());
    expect(res.body.data.find((f: { _id: string }) => f._id === dinheiro._id)).toMatchObject({ tipo: 'Dinheiro', permiteTroco: true, empresa });
  });

  it('operadora/getPopulate {filtro: {empresa, lixo: false}}', async () => {
    const cielo = await criar(api, 'operadora', { nome: 'Cielo', cnpj: '11.222.333/0001-81' });
    await criar(outraEmpresa, 'operadora', { nome: 'Rede', cnpj: '11.222.333/0001-81' });
    const res = await api('POST', '/operadora/getPopulate', { filtro: { empresa, lixo: false } });
    expect(ids(res)).toEqual([cielo._id]);
    expect(res.body.data[0]).toMatchObject({ cnpj: '11222333000181', diasDebito: 1, diasCredito: 30, taxaDebito: '0.00' });
  });

  it.each([['string', 'impressora'], ['array', ['impressora']], ['{path}', { path: 'impressora' }]])(
    'setorImpressao/getPopulate {filtro: {empresa, lixo: false}, populateObj} with populateObj as %s',
    async (_forma, populateObj) => {
      const impressora = await criar(api, 'impressora', { descricao: `Cozinha ${JSON.stringify(populateObj)}`, conexao: 'Rede' });
      const setor = await criar(api, 'setorImpressao', { descricao: `Cozinha ${JSON.stringify(populateObj)}`, impressora: impressora._id });
      const res = await api('POST', '/setorImpressao/getPopulate', { filtro: { empresa, lixo: false }, populateObj });
      expect(res.status).toBe(200);
      const achado = res.body.data.find((s: { _id: string }) => s._id === setor._id);
      expect(achado.impressora).toMatchObject({ _id: impressora._id, descricao: impressora.descricao, conexao: 'Rede' });
    },
  );

  it('periodo/getPopulate {filtro: {empresa, grupoEmpresarial, periodoAberto: true}} returns only the open period of this company', async () => {
    const caixa = await criar(api, 'caixa', { descricao: 'Caixa 1' });
    const aberto = await criar(api, 'periodo', { caixa: caixa._id, dataAbertura: '2026-11-22' });
    await criar(api, 'periodo', { caixa: caixa._id, dataAbertura: '2026-11-21', periodoAberto: false, dataFechamento: '2026-11-21' });
    const caixaOutra = await criar(outraEmpresa, 'caixa', { descricao: 'Caixa 1' });
    await criar(outraEmpresa, 'periodo', { caixa: caixaOutra._id, dataAbertura: '2026-11-22' });
    const res = await api('POST', '/periodo/getPopulate', { filtro: { empresa, grupoEmpresarial, periodoAberto: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ _id: aberto._id, caixa: caixa._id, periodoAberto: true, dataAbertura: '2026-11-22', dataFechamento: null });
  });

  it('a period of another company’s cashier is refused', async () => {
    const caixaOutra = await criar(outraEmpresa, 'caixa', { descricao: 'Caixa da outra' });
    const res = await api('POST', '/periodo', { caixa: caixaOutra._id, dataAbertura: '2026-11-22' });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('Caixa: Caixa não encontrado.');
  });

  it('terminal/getPopulate {filtro: {_id, empresa}, populate: "configuracoes.caixa"} returns the caixa object', async () => {
    const caixa = await criar(api, 'caixa', { descricao: 'Caixa do PDV', fundoTroco: 20000 });
    const terminal = await criar(api, 'terminal', { descricao: 'PDV 1', tipo: 'PDV', configuracoes: { caixa: caixa._id } });
    expect(terminal.configuracoes).toEqual({ caixa: caixa._id, setorImpressaoCaixa: null, setorImpressaoNfce: null });
    const res = await api('POST', '/terminal/getPopulate', { filtro: { _id: terminal._id, empresa }, populate: 'configuracoes.caixa' });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].configuracoes.caixa).toMatchObject({ _id: caixa._id, descricao: 'Caixa do PDV', fundoTroco: 20000 });
    expect(res.body.data[0].configuracoes.setorImpressaoCaixa).toBeNull();
    // The stored record still holds the id.
    expect((await api('GET', `/terminal/${terminal._id}`)).body.data.configuracoes.caixa).toBe(caixa._id);
  });
});

describe('SPEC §7 agrupador/getPopulate', () => {
  it('{filtro: {grupoEmpresarial, lixo: false}, sort: {created_at: 1}} lists the group’s groupers oldest first, from any of its companies', async () => {
    // Created with falling `ordem`, so the declaration's default sort (ordem asc) would give the reverse.
    const primeiro = await criar(api, 'agrupador', { descricao: 'Lanches SPEC', ordem: 30 });
    const descartado = await criar(api, 'agrupador', { descricao: 'Antigo SPEC', ordem: 20 });
    const ultimo = await criar(outraEmpresa, 'agrupador', { descricao: 'Bebidas SPEC', ordem: 10 });
    await api('DELETE', `/agrupador/${descartado._id}`);
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    await criar(vizinho, 'agrupador', { descricao: 'Do vizinho SPEC' });
    const body = { filtro: { grupoEmpresarial, lixo: false }, sort: { created_at: 1 } };
    for (const cliente of [api, outraEmpresa]) {
      const res = await cliente('POST', '/agrupador/getPopulate', body);
      expect(res.status).toBe(200);
      expect(res.body.data.map((a: { _id: string }) => a._id)).toEqual([primeiro._id, ultimo._id]);
      expect(res.body.data[0]).toMatchObject({ descricao: 'Lanches SPEC', grupoEmpresarial, empresa: null });
    }
    // Asking for another group's id changes nothing: the tenant comes from the session.
    const outroGrupo = await api('POST', '/agrupador/getPopulate', { ...body, filtro: { grupoEmpresarial: 'outro', lixo: false } });
    expect(outroGrupo.body.data.map((a: { _id: string }) => a._id)).toEqual([primeiro._id, ultimo._id]);
  });
});

describe('nested references (dotted paths)', () => {
  it('populates several dotted paths at once, one per relation', async () => {
    const impressora = await criar(api, 'impressora', { descricao: 'Térmica do caixa', conexao: 'USB' });
    const setor = await criar(api, 'setorImpressao', { descricao: 'Caixa (impressão)', impressora: impressora._id });
    const caixa = await criar(api, 'caixa', { descricao: 'Caixa 2' });
    const terminal = await criar(api, 'terminal', { descricao: 'PDV 2', tipo: 'PDV', configuracoes: { caixa: caixa._id, setorImpressaoCaixa: setor._id, setorImpressaoNfce: setor._id } });
    const res = await api('POST', '/terminal/getPopulate', { filtro: { _id: terminal._id }, populate: ['configuracoes.caixa', { path: 'configuracoes.setorImpressaoNfce' }] });
    const { configuracoes } = res.body.data[0];
    expect(configuracoes.caixa._id).toBe(caixa._id);
    expect(configuracoes.setorImpressaoNfce).toMatchObject({ _id: setor._id, impressora: impressora._id });
    expect(configuracoes.setorImpressaoCaixa).toBe(setor._id);
  });

  it('filters on a dotted field', async () => {
    const caixa = await criar(api, 'caixa', { descricao: 'Caixa 3' });
    const comCaixa = await criar(api, 'terminal', { descricao: 'PDV 3', tipo: 'PDV', configuracoes: { caixa: caixa._id } });
    await criar(api, 'terminal', { descricao: 'PDV 4', tipo: 'PDV' });
    const res = await api('POST', '/terminal/getPopulate', { filtro: { 'configuracoes.caixa': caixa._id } });
    expect(ids(res)).toEqual([comCaixa._id]);
    const semCaixa = await api('POST', '/terminal/getPopulate', { filtro: { 'configuracoes.caixa': null, descricao: 'PDV 4' } });
    expect(semCaixa.body.data.map((t: { descricao: string }) => t.descricao)).toEqual(['PDV 4']);
  });

  it('refuses a nested reference that is missing or in the trash, naming the sub-field', async () => {
    const caixa = await criar(api, 'caixa', { descricao: 'Caixa descartado' });
    await api('DELETE', `/caixa/${caixa._id}`);
    for (const id of ['nao-existe', caixa._id]) {
      const res = await api('POST', '/terminal', { descricao: `PDV ${id}`, tipo: 'PDV', configuracoes: { caixa: id } });
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ message: 'Caixa: Caixa não encontrado.', campos: { 'configuracoes.caixa': 'Caixa não encontrado.' } });
    }
    const semCaixa = await criar(api, 'terminal', { descricao: 'PDV sem caixa', tipo: 'PDV' });
    const res = await api('PUT', `/terminal/${semCaixa._id}`, { version: 1, configuracoes: { caixa: 'nao-existe' } });
    expect(res.status).toBe(400);
  });

  it('answers 400 naming unknown or relation-less paths', async () => {
    for (const [populate, message] of [
      ['configuracoes.naoExiste', 'Campo desconhecido em populate: configuracoes.naoExiste'],
      ['naoExiste.caixa', 'Campo desconhecido em populate: naoExiste.caixa'],
      ['descricao.caixa', 'Campo desconhecido em populate: descricao.caixa'],
      ['tipo', 'Campo sem relação em populate: tipo'],
      ['configuracoes', 'Campo sem relação em populate: configuracoes'],
    ] as const) {
      const res = await api('POST', '/terminal/getPopulate', { populate });
      expect(res.status, populate).toBe(400);
      expect(res.body.data.message).toBe(message);
    }
    const filtro = await api('POST', '/terminal/getPopulate', { filtro: { 'configuracoes.naoExiste': 'x' } });
    expect(filtro.body.data.message).toBe('Campo desconhecido em filtro: configuracoes.naoExiste');
    const select = await api('POST', '/terminal/getPopulate', { select: 'configuracoes.caixa' });
    expect(select.body.data.message).toBe('Campo desconhecido em select: configuracoes.caixa');
  });
});

describe('operadora CNPJ', () => {
  it('answers 400 naming CNPJ for an invalid one', async () => {
    for (const cnpj of ['11.222.333/0001-82', '123', '']) {
      const res = await api('POST', '/operadora', { nome: `Inválida ${cnpj}`, cnpj });
      expect(res.status).toBe(400);
      expect(res.body.data.message).toMatch(/^CNPJ: /);
      expect(Object.keys(res.body.data.campos)).toEqual(['cnpj']);
    }
  });

  it("accepts the alphanumeric '12.ABC.345/01DE-35' and stores it as '12ABC34501DE35'", async () => {
    const op = await criar(api, 'operadora', { nome: 'Alfanumérica', cnpj: '12.ABC.345/01DE-35' });
    expect(op.cnpj).toBe('12ABC34501DE35');
    expect((await api('GET', `/operadora/${op._id}`)).body.data.cnpj).toBe('12ABC34501DE35');
    const lower = await criar(api, 'operadora', { nome: 'Minúsculas', cnpj: '12.abc.345/01de-35' });
    expect(lower.cnpj).toBe('12ABC34501DE35');
  });
});

describe('operadora settlement rules', () => {
  it('keeps a record without rules valid, refuses a reversed installment range and an unknown brand naming the rule, and saves a voucher above the PAT caps', async () => {
    const simples = await criar(api, 'operadora', { nome: 'Sem regras', cnpj: '11.222.333/0001-81' });
    expect(simples).toMatchObject({ regras: [], parcelado: 'lojista', diasCredito: 30 });
    const put = await api('PUT', `/operadora/${simples._id}`, { version: simples.version, taxaDebito: '1,5' });
    expect(put.status).toBe(200);
    const invertida = await api('POST', '/operadora', { nome: 'Faixa invertida', cnpj: '11.222.333/0001-81', regras: [{ produto: 'creditoParceladoLojista', parcelasDe: 7, parcelasAte: 3 }] });
    expect(invertida.status).toBe(400);
    expect(invertida.body.data.campos).toEqual({ 'regras.0.parcelasAte': 'A parcela final da faixa é menor que a inicial.' });
    const alheia = await api('POST', '/operadora', { nome: 'Bandeira inventada', cnpj: '11.222.333/0001-81', regras: [{ produto: 'debito' }, { produto: 'debito', bandeira: 'nao-existe' }] });
    expect(alheia.status).toBe(400);
    expect(Object.keys(alheia.body.data.campos)).toEqual(['regras.1.bandeira']);
    const cara = await criar(api, 'operadora', { nome: 'Vale caro', cnpj: '11.222.333/0001-81', regras: [{ produto: 'voucherRefeicao', dias: 30, contagem: 'corridos', taxa: '6,5' }] });
    expect(cara.regras).toEqual([
      { produto: 'voucherRefeicao', bandeira: null, parcelasDe: null, parcelasAte: null, dias: 30, contagem: 'corridos', taxa: '6.50', tarifa: 0, antecipacaoAutomatica: false, taxaAntecipacao: '0.00' },
    ]);
  });
});

describe('cross-field rules', () => {
  it('periodoPorHora refuses the same start and end', async () => {
    const res = await api('POST', '/periodoPorHora', { descricao: 'Nada', horaInicio: '12:00', horaFim: '12:00' });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ message: 'Fim: O fim deve ser diferente do início.', campos: { horaFim: 'O fim deve ser diferente do início.' } });
    const ok = await criar(api, 'periodoPorHora', { descricao: 'Madrugada', horaInicio: '23:00', horaFim: '05:00' });
    const put = await api('PUT', `/periodoPorHora/${ok._id}`, { version: 1, horaFim: '23:00' });
    expect(put.status).toBe(400);
  });

  it('empresaNumeroNota is unique by (modelo, serie) within the company', async () => {
    await criar(api, 'empresaNumeroNota', { modelo: '65', serie: 1, proximoNumero: 1 });
    await criar(api, 'empresaNumeroNota', { modelo: '55', serie: 1, proximoNumero: 1 });
    await criar(outraEmpresa, 'empresaNumeroNota', { modelo: '65', serie: 1, proximoNumero: 1 });
    const dup = await api('POST', '/empresaNumeroNota', { modelo: '65', serie: 1, proximoNumero: 500 });
    expect(dup.status).toBe(409);
    expect(dup.body.data.message).toBe("Já existe Numeração de nota com Modelo '65' e Série '1'.");
  });

  it('formaPagamento keeps a lista(14) tipo, so the NFC-e tPag is derivable', async () => {
    const res = await api('POST', '/formaPagamento', { descricao: 'Cripto', tipo: 'Cripto' });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('Tipo: Escolha o tipo de pagamento.');
  });
});
