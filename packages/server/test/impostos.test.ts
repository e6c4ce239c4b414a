import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** Tax configurations beyond the generic API tests: what depends on the company (CRT, UF), exact rates. */
let ctx: TestContext;
let api: Api;
let outraEmpresa: Api;
let vizinho: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const token = await signIn(ctx.app, 'admin@demo.com.br');
  await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) });
  outraEmpresa = apiClient(ctx.app, token);
});
afterAll(async () => ctx?.close());

describe('configuracaoImposto and the company', () => {
  it('a Simples Nacional company (CRT 1, SP) is refused a CST and a CFOP of the wrong direction, naming the field', async () => {
    const cst = await api('POST', '/configuracaoImposto', { descricao: 'Com CST', icms: [{ uf: 'SP', cfop: '5102', cst: '00', aliquota: '18' }] });
    expect(cst.status).toBe(400);
    expect(cst.body.data).toEqual({
      message: 'ICMS por UF de destino: O regime da empresa é Simples Nacional (CRT 1): informe o CSOSN, não o CST.',
      campos: { 'icms.0.cst': 'O regime da empresa é Simples Nacional (CRT 1): informe o CSOSN, não o CST.' },
    });
    const cfop = await api('POST', '/configuracaoImposto', { descricao: 'CFOP trocado', icms: [{ uf: 'SP', cfop: '6102', csosn: '102' }, { uf: 'MG', cfop: '5102', csosn: '102' }] });
    expect(cfop.body.data.campos).toEqual({
      'icms.0.cfop': 'SP é a UF da empresa: venda dentro do estado usa CFOP 5… (ex.: 5102).',
      'icms.1.cfop': 'MG é outra UF: venda interestadual usa CFOP 6… (ex.: 6102).',
    });
    // Nothing was written.
    expect((await api('POST', '/configuracaoImposto/getPopulate', { filtro: { busca: 'CFOP trocado' } })).body.data).toEqual([]);
  });

  it('a regime normal company (CRT 3, RJ) takes the CST with ST and keeps every rate exact', async () => {
    const c = await criar(vizinho, 'configuracaoImposto', {
      descricao: 'Bebidas com ST',
      icms: [{ uf: 'RJ', cfop: '5403', cst: '10', aliquota: '20', aliquotaFcp: '2', modBcSt: '4', mva: '70,0125', aliquotaSt: '20' }],
      ibsCbs: { cst: '000', cClassTrib: '000001' },
    });
    expect(c.icms).toEqual([
      {
        uf: 'RJ', cfop: '5403', cst: '10', csosn: null, modBc: '3', aliquota: '20.0000', reducaoBase: '0.0000', aliquotaFcp: '2.0000',
        modBcSt: '4', mva: '70.0125', aliquotaSt: '20.0000', reducaoBaseSt: '0.0000', aliquotaFcpSt: '0.0000',
      },
    ]);
    expect(c.ibsCbs).toEqual({ cst: '000', cClassTrib: '000001', aliquotaIbsUf: '0.1000', aliquotaIbsMun: '0.0000', aliquotaCbs: '0.9000' });
    const csosn = await vizinho('PUT', `/configuracaoImposto/${c._id}`, { version: c.version, icms: [{ uf: 'RJ', cfop: '5102', csosn: '102' }] });
    expect(csosn.body.data.campos).toEqual({ 'icms.0.csosn': 'O regime da empresa é Regime Normal (CRT 3): informe o CST, não o CSOSN.' });
  });

  it('a cashier without the screen in the profile may not write it (403 naming the screen)', async () => {
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const res = await caixa('POST', '/configuracaoImposto', { descricao: 'Do caixa', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
    expect(res.status).toBe(403);
    expect(res.body.data.message).toBe('Acesso negado: o seu perfil não permite criar registros na tela Imposto estadual (ICMS).');
  });

  it('belongs to its company: the other company of the group sees none of it', async () => {
    const c = await criar(api, 'configuracaoImposto', { descricao: 'Só da matriz', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
    expect((await outraEmpresa('GET', `/configuracaoImposto/${c._id}`)).status).toBe(404);
    expect((await outraEmpresa('POST', '/configuracaoImposto/getPopulate', {})).body.data.map((r: { _id: string }) => r._id)).not.toContain(c._id);
  });
});

describe('configuracaoImpostoFederal', () => {
  it('sorts and filters rates as numbers, whatever the form they were typed in', async () => {
    const nomes = ['Alíquota 7,6', 'Alíquota 10', 'Alíquota 0,65'];
    for (const [descricao, aliquotaCofins] of [[nomes[0], '7,6'], [nomes[1], '10.0'], [nomes[2], 0.65]] as const) {
      await criar(api, 'configuracaoImpostoFederal', { descricao, cstPis: '01', aliquotaPis: '1', cstCofins: '01', aliquotaCofins });
    }
    const ordem = await api('POST', '/configuracaoImpostoFederal/getPopulate', { filtro: { busca: 'Alíquota' }, sort: { aliquotaCofins: 1 } });
    expect(ordem.body.data.map((r: { aliquotaCofins: string }) => r.aliquotaCofins)).toEqual(['0.6500', '7.6000', '10.0000']);
    const ate8 = await api('POST', '/configuracaoImpostoFederal/getPopulate', { filtro: { busca: 'Alíquota', aliquotaCofins: { $lte: '7,6' } } });
    expect(ate8.body.data.map((r: { descricao: string }) => r.descricao).sort()).toEqual([nomes[0], nomes[2]].sort());
    expect((await api('POST', '/configuracaoImpostoFederal/getPopulate', { filtro: { aliquotaCofins: 'muito' } })).body.data.message).toBe('Valor inválido em filtro: aliquotaCofins');
  });

  it('asks the natureza da receita of a monophasic sale, naming the field', async () => {
    const res = await api('POST', '/configuracaoImpostoFederal', { descricao: 'Bebidas frias', cstPis: '04', cstCofins: '04' });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('Natureza da receita: Informe a natureza da receita (obrigatória na EFD-Contribuições com a CST 04).');
    expect((await criar(api, 'configuracaoImpostoFederal', { descricao: 'Bebidas frias', cstPis: '04', cstCofins: '04', naturezaReceita: '201' })).naturezaReceita).toBe('201');
  });

  it('takes CST 03 with its value in reais per unit, exact, and asks for it naming the field', async () => {
    const semValor = await api('POST', '/configuracaoImpostoFederal', { descricao: 'Cerveja por litro', cstPis: '03', cstCofins: '03', valorPisPorUnidade: '0,1309' });
    expect(semValor.status).toBe(400);
    expect(semValor.body.data.message).toBe('COFINS por unidade (R$): Informe o valor da COFINS por unidade em reais (CST 03 é tributada por quantidade).');
    const salvo = await criar(api, 'configuracaoImpostoFederal', { descricao: 'Cerveja por litro', cstPis: '03', cstCofins: '03', valorPisPorUnidade: '0,1309', valorCofinsPorUnidade: 0.6034 });
    expect(salvo).toMatchObject({ cstPis: '03', valorPisPorUnidade: '0.1309', valorCofinsPorUnidade: '0.6034', aliquotaPis: '0.0000' });
    const lidos = await api('POST', '/configuracaoImpostoFederal/getPopulate', { filtro: { cstPis: '03' } });
    expect(lidos.body.data.map((r: { descricao: string }) => r.descricao)).toEqual(['Cerveja por litro']);
  });
});
