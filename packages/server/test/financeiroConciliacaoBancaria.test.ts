import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';

const amostra = (nome: string) => readFileSync(fileURLToPath(new URL(`../../../fixtures/ofx/${nome}`, import.meta.url)));

let ctx: TestContext;
let demo: string;
let vizinho: string;
let n = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  demo = await signIn(ctx.app, 'admin@demo.com.br');
  vizinho = await signIn(ctx.app, 'admin@vizinho.com.br');
});
afterAll(async () => ctx?.close());

const chamar = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api${url}`, payload, ...withCookie(token) });
  return { status: res.statusCode, body: res.json() };
};
const novaConta = async (banco: string | null, token = demo, numeroConta: string | null = null) => {
  const corpo = { nome: `Conta ${++n}`, tipo: banco ? 'Banco' : 'Outra', banco, numeroConta, saldoInicial: 0, dataSaldoInicial: '2013-01-01' };
  const res = await chamar(token, 'POST', '/financeiroConta', corpo);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
};
const importar = (conta: string, bytes: Buffer, nome = 'extrato.ofx', token = demo) =>
  chamar(token, 'POST', '/financeiroConciliacaoBancaria/importar', { conta, arquivo: { nome, conteudo: bytes.toString('base64') } });
const extrato = (conta: string, token = demo) => chamar(token, 'GET', `/financeiroConciliacaoBancaria/extrato?conta=${conta}`);
const ofx = (banco: string, linhas: [string, string, string, string][]) =>
  Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>${banco}<ACCTID>5555-1</BANKACCTFROM><BANKTRANLIST>` +
      linhas.map(([fitid, data, valor, memo]) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${data}<TRNAMT>${valor}<FITID>${fitid}<MEMO>${memo}</STMTTRN>`).join('\n') +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  );

describe('POST /api/financeiroConciliacaoBancaria/importar', () => {
  it('imports every sample: its lines in file order, in centavos, with the day of the bank', async () => {
    const casos: [string, string, number, { fitid: string; data: string; valor: number; memo: string }, number][] = [
      ['bb_closing_tags_cp1252.ofx', '001', 3, { fitid: '2014030503444800', data: '2014-03-05', valor: 344_480, memo: 'Transferência Agendada' }, 332_255],
      ['bb_utf8_but_header_1252.ofx', '001', 1, { fitid: '20151103023955', data: '2015-11-03', valor: 23_955, memo: 'DOC CRÉDITO EM CONTA' }, 23_955],
      ['itau_sgml_no_closing_tags.ofx', '341', 3, { fitid: '20131209001', data: '2013-12-09', valor: -66_666, memo: 'RSHOP' }, -64_444],
      ['santander_padded_comma_decimals.ofx', '033', 3, { fitid: '00510367', data: '2013-11-07', valor: -1_111, memo: 'DEBITO VISA ELECTRON BRASIL' }, -56_666],
      // 18 bank lines; the file's credit-card section (USD) is not the account's money.
      ['gerencianet_364_mixed_closing_tags_comma_decimal.ofx', '364', 18, { fitid: '2018030607232002046000000061553574', data: '2018-03-09', valor: 7_440, memo: 'Repasse pagamento: 17223405 de XXXXXXXX' }, 63_550],
    ];
    for (const [arquivo, banco, linhas, primeira, soma] of casos) {
      const conta = await novaConta(banco);
      const res = await importar(conta, amostra(arquivo), arquivo);
      expect(res.status, `${arquivo}: ${JSON.stringify(res.body)}`).toBe(200);
      // The shape word for word, plus what matching after the import reconciled.
      expect(Object.keys(res.body.data).sort()).toEqual(['conciliadas', 'importadas', 'linhas', 'repetidas']);
      expect(res.body.data).toMatchObject({ importadas: linhas, repetidas: 0 });
      expect(res.body.data.linhas).toHaveLength(linhas);
      expect(res.body.data.linhas[0]).toEqual(primeira);
      expect(res.body.data.linhas.reduce((s: number, l: { valor: number }) => s + l.valor, 0)).toBe(soma);
    }
  });

  it('re-importing the same file adds nothing; an overlapping one adds only its new lines (BANKID 1 and 001 alike)', async () => {
    const conta = await novaConta('001');
    const primeira = await importar(conta, amostra('bb_closing_tags_cp1252.ofx'));
    expect(primeira.body.data).toMatchObject({ importadas: 3, repetidas: 0 });
    const denovo = await importar(conta, amostra('bb_closing_tags_cp1252.ofx'));
    expect(denovo.status).toBe(200);
    expect(denovo.body.data).toMatchObject({ importadas: 0, repetidas: 3 });
    expect(denovo.body.data.linhas).toEqual(primeira.body.data.linhas);

    const outra = await novaConta('001');
    const a = ofx('001', [['1', '20250102', '-10,00', 'PIX A'], ['2', '20250103', '-20,00', 'PIX B'], ['3', '20250104', '30,00', 'TED C']]);
    const b = ofx('1', [['2', '20250103120000[-3:BRT]', '-20.00', 'PIX B'], ['3', '20250104', '30,00', 'TED C'], ['4', '20250105', '-1.234,56', 'BOLETO D'], ['4', '20250105', '-1.234,56', 'BOLETO D']]);
    expect((await importar(outra, a)).body.data).toMatchObject({ importadas: 3, repetidas: 0 });
    const sobreposto = await importar(outra, b);
    expect(sobreposto.body.data).toMatchObject({ importadas: 2, repetidas: 2 });
    expect(sobreposto.body.data.linhas.map((l: { fitid: string; valor: number }) => [l.fitid, l.valor])).toEqual([['2', -2_000], ['3', 3_000], ['4', -123_456], ['4', -123_456]]);
    const lista = (await extrato(outra)).body.data;
    // The same FITID twice in one file is two lines (the repeat counter), kept both.
    expect(lista.linhas.map((l: { fitid: string; data: string; valor: number; conciliada: boolean }) => [l.fitid, l.data, l.valor, l.conciliada])).toEqual([
      ['4', '2025-01-05', -123_456, false],
      ['4', '2025-01-05', -123_456, false],
      ['3', '2025-01-04', 3_000, false],
      ['2', '2025-01-03', -2_000, false],
      ['1', '2025-01-02', -1_000, false],
    ]);
    expect(lista.importacoes.map((i: { importadas: number; repetidas: number; inicio: string; fim: string }) => [i.importadas, i.repetidas, i.inicio, i.fim])).toEqual([
      [2, 2, '2025-01-03', '2025-01-05'],
      [3, 0, '2025-01-02', '2025-01-04'],
    ]);
  });

  it('two imports of the same file at the same time store each line once', async () => {
    const conta = await novaConta('364');
    const arquivo = amostra('gerencianet_364_mixed_closing_tags_comma_decimal.ofx');
    const [um, dois] = await Promise.all([importar(conta, arquivo), importar(conta, arquivo)]);
    expect([um.status, dois.status]).toEqual([200, 200]);
    expect([um.body.data.importadas, dois.body.data.importadas].sort()).toEqual([0, 18]);
    expect(um.body.data.importadas + um.body.data.repetidas).toBe(18);
    expect((await extrato(conta)).body.data.linhas).toHaveLength(18);
  });

  it('refuses a file that is not OFX, damaged or of another bank with a Portuguese message naming the field, and writes nothing', async () => {
    const conta = await novaConta('341');
    const casos: [Buffer, string][] = [
      [Buffer.from('data;valor\n2025-01-01;10,00\n'), 'Arquivo: O arquivo não é um extrato OFX: não há cabeçalho OFX nem o elemento <OFX>.'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14]), 'Arquivo: O arquivo não é um extrato OFX: é binário (byte nulo na posição 5).'],
      [ofx('341', [['1', '20251301', '1,00', 'X']]), 'Arquivo: Lançamento 1: a data DTPOSTED "20251301" não é uma data OFX (AAAAMMDD…) (linha 5 do arquivo).'],
      [amostra('bb_closing_tags_cp1252.ofx'), expect.stringMatching(/^Arquivo: o extrato é do banco 001 \(conta 99999-9\), e a conta "Conta \d+" é do banco 341\.$/)],
    ] as never;
    for (const [bytes, mensagem] of casos) {
      const res = await importar(conta, bytes);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ valido: false, data: { message: mensagem, campos: { arquivo: expect.any(String) } } });
    }
    const semCampos = await chamar(demo, 'POST', '/financeiroConciliacaoBancaria/importar', { arquivo: { nome: 'x.ofx', conteudo: 'QUJD' } });
    expect([semCampos.status, semCampos.body.data.message]).toEqual([400, 'Conta: Escolha a conta financeira.']);
    const naoBase64 = await chamar(demo, 'POST', '/financeiroConciliacaoBancaria/importar', { conta, arquivo: { nome: 'x.ofx', conteudo: 'não é base64!' } });
    expect([naoBase64.status, naoBase64.body.data.message]).toEqual([400, 'Conteúdo do arquivo: O conteúdo deve ser os bytes do arquivo em base64.']);
    const desconhecida = await importar('nao-existe', amostra('itau_sgml_no_closing_tags.ofx'));
    expect([desconhecida.status, desconhecida.body.data.message]).toEqual([404, 'Conta: conta financeira não encontrada nesta empresa.']);
    const lista = (await extrato(conta)).body.data;
    expect(lista).toEqual({ linhas: [], importacoes: [] });
  });

  it('keeps the wall between groups and companies: another group or company cannot import into nor read an account', async () => {
    const conta = await novaConta('341');
    expect((await importar(conta, amostra('itau_sgml_no_closing_tags.ofx'))).body.data.importadas).toBe(3);
    const deFora = await importar(conta, amostra('itau_sgml_no_closing_tags.ofx'), 'x.ofx', vizinho);
    expect([deFora.status, deFora.body.data.message]).toEqual([404, 'Conta: conta financeira não encontrada nesta empresa.']);
    expect((await extrato(conta, vizinho)).status).toBe(404);
    // The neighbour's own account with the same file: its lines are its own, nothing is "repeated".
    const dele = await novaConta('341', vizinho);
    expect((await importar(dele, amostra('itau_sgml_no_closing_tags.ofx'), 'x.ofx', vizinho)).body.data).toMatchObject({ importadas: 3, repetidas: 0 });
    expect((await extrato(dele, vizinho)).body.data.linhas).toHaveLength(3);
    expect((await extrato(conta)).body.data.linhas).toHaveLength(3);
    // Another company of the same group.
    const outraEmpresa = await signIn(ctx.app, 'admin@demo.com.br');
    expect((await chamar(outraEmpresa, 'POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1] })).status).toBe(200);
    expect((await importar(conta, amostra('itau_sgml_no_closing_tags.ofx'), 'x.ofx', outraEmpresa)).status).toBe(404);
    expect((await extrato(conta, outraEmpresa)).status).toBe(404);
  });

  it('refuses a file over 10 MB before reading it: 413, nothing written', async () => {
    const conta = await novaConta('341');
    const grande = Buffer.alloc(11 * 1024 * 1024, 0x41);
    const res = await importar(conta, grande, 'grande.ofx');
    expect(res.status).toBe(413);
    expect(res.body.valido).toBe(false);
    expect((await extrato(conta)).body.data.importacoes).toEqual([]);
  });

  it('asks for the screen right: the view-only cashier may not import', async () => {
    const conta = await novaConta('341');
    const caixa = await signIn(ctx.app, 'caixa@demo.com.br');
    const res = await importar(conta, amostra('itau_sgml_no_closing_tags.ofx'), 'x.ofx', caixa);
    expect(res.status).toBe(403);
    expect((await extrato(conta)).body.data.linhas).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the import with the same body and answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/financeiroConciliacaoBancaria/importar'].post;
    const corpo = op.requestBody.content['application/json'].schema;
    expect(corpo.required).toEqual(['conta', 'arquivo']);
    expect(corpo.properties.arquivo.required).toEqual(['nome', 'conteudo']);
    const resposta = op.responses['200'].content['application/json'].schema;
    expect(resposta.properties.valido).toMatchObject({ enum: [true] });
    const data = resposta.properties.data;
    expect(data.required).toEqual(['importadas', 'repetidas', 'linhas', 'conciliadas']);
    expect(data.properties.linhas.items.required).toEqual(['fitid', 'data', 'valor', 'memo']);
  });
});
