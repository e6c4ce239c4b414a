import { readdirSync } from 'node:fs';
import { hojeNoFuso } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, comChaveRefeita, lerAmostraNfe, PASTA_NFE, paraDestinatario } from './amostrasNfe.ts';
import { contextoEntradaNfe } from './contextoEntradaNfe.ts';
import type { TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { criar, type Api } from './resourceApi.ts';
import { zipDe } from './zipTeste.ts';
import { removerArquivosSemReferencia } from '../src/storage/limpeza.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cnpj: string;
let local: string;
let un: string;
let grama: string;
let fechar: () => Promise<void>;

beforeAll(async () => {
  // The XMLs go to a folder of this run (the storage), removed at the end.
  ({ ctx, api, vizinho, cnpj, local, un, fechar } = await contextoEntradaNfe('Almoxarifado NF-e'));
  grama = (await criar(api, 'unidadeMedida', { sigla: 'GNF', descricao: 'Grama NF-e', fracionado: true }))._id;
});
afterAll(async () => fechar?.());

type Resultado = { nome: string; chave: string | null; situacao: string; motivo?: string; avisos: string[]; itens: { numero: number; cProd: string; produto: string | null; fator: string | null }[]; valorTotal: number; entrada?: string };
const importar = async (arquivos: { nome: string; xml: string }[], cliente: Api = api): Promise<Resultado[]> => {
  const res = await cliente('POST', '/entradaNotaFiscal/importar', { arquivos: arquivos.map((a) => ({ nome: a.nome, conteudo: base64(a.xml) })) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const nossa = (nome: string) => ({ nome, xml: paraDestinatario(lerAmostraNfe(nome), cnpj) });
const posicao = async (produto: string) =>
  ((await api('POST', '/relatorioEstoqueProduto', { local })).body.data as { produto: string; quantidade: string; custoMedio: string }[]).filter((l) => l.produto === produto).map((l) => [l.quantidade, l.custoMedio]);
const produto = async (descricao: string, unidade: string, extra: Record<string, unknown> = {}) => (await criar(api, 'produtoGeral', { descricao, unidade, ...extra }))._id;

describe('entradaNotaFiscal: import', () => {
  it('refuses a note addressed to a company outside the group, naming the recipient', async () => {
    const [r] = await importar([{ nome: 'medicos.xml', xml: lerAmostraNfe('nfe55_medicos_icms40_2dups.xml') }]);
    expect(r).toMatchObject({ situacao: 'recusada', motivo: 'O destinatário da nota (37148260000119) não é uma empresa deste grupo.', chave: '26180875335849000115550010000016871192213331' });
  });

  it('every sample file, addressed to us, gets its outcome; the same files again are repetida naming the entry', async () => {
    const arquivos = readdirSync(PASTA_NFE).sort().map(nossa);
    const primeira = await importar(arquivos);
    expect(primeira.map((r) => [r.nome, r.situacao])).toEqual([
      ['dfe_retConsNFeDest_resNFe_legacy.xml', 'recusada'],
      ['evento_procEventoNFe_110110_cce.xml', 'recusada'],
      ['nfce65_pmz_icms60_qrcode_noprot.xml', 'recusada'],
      ['nfce65_prod_3itens_icmssn102.xml', 'pendente'],
      ['nfe55_41itens_ipitrib_7dups.xml', 'pendente'],
      ['nfe55_CANCELADA_tecidos_1dup_tpag99.xml', 'cancelada'],
      ['nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml', 'pendente'],
      ['nfe55_alimentos_supermercado_icms70.xml', 'pendente'],
      ['nfe55_medicos_icms40_2dups.xml', 'pendente'],
      ['nfe55_reforma_ibscbs_icms10_3dups.xml', 'pendente'],
      ['nfe55_simples_icmssn202_st_dup.xml', 'recusada'],
      ['nfe55_v310_plotag_7dups_icmssn101.xml', 'recusada'],
    ]);
    const por = (nome: string) => primeira.find((r) => r.nome === nome)!;
    // Its anonymised key has a valid check digit: the impossible UF and the protocol citing another key are warnings.
    expect(por('nfe55_41itens_ipitrib_7dups.xml').avisos).toEqual(expect.arrayContaining(['A chave de acesso traz o código de UF 94, que não existe.', expect.stringContaining('O protocolo de autorização cita outra chave')]));
    expect(por('nfce65_pmz_icms60_qrcode_noprot.xml').motivo).toBe('Chave de acesso inválida: o dígito verificador deveria ser 8.');
    expect(por('nfe55_simples_icmssn202_st_dup.xml').motivo).toBe('Nota emitida em homologação (tpAmb 2): não tem valor fiscal.');
    expect(por('nfe55_CANCELADA_tecidos_1dup_tpag99.xml').motivo).toContain('nunca lançada');
    expect(por('nfe55_medicos_icms40_2dups.xml')).toMatchObject({ valorTotal: 578000, itens: [{ numero: 1, cProd: '880945', produto: null }, { numero: 2 }, { numero: 3 }] });
    expect(por('nfce65_prod_3itens_icmssn102.xml').avisos).toContain('O envelope nfeProc diz versão 3.10 e a nota é versão 4.00.');
    // The PL_010 schema's problems are warnings; the note is still entered.
    expect(por('nfce65_prod_3itens_icmssn102.xml').avisos).toContain('Esquema XSD (PL_010), linha 9: <indPag> não era esperado aqui (esperado: mod).');
    expect(por('nfe55_CANCELADA_tecidos_1dup_tpag99.xml').avisos).toContain('Esquema XSD (PL_010), linha 307: <retEvento> não era esperado aqui.');
    expect(por('nfe55_medicos_icms40_2dups.xml').avisos.filter((a) => a.startsWith('Esquema XSD'))).toEqual([]);

    const segunda = await importar(arquivos.filter((a) => /medicos|reforma|CANCELADA/.test(a.nome)));
    expect(segunda.map((r) => [r.situacao, r.entrada])).toEqual([
      ['cancelada', por('nfe55_CANCELADA_tecidos_1dup_tpag99.xml').entrada],
      ['repetida', por('nfe55_medicos_icms40_2dups.xml').entrada],
      ['repetida', por('nfe55_reforma_ibscbs_icms10_3dups.xml').entrada],
    ]);
    expect(segunda[1]!.motivo).toMatch(/^Esta nota já foi importada em \d\d\/\d\d\/\d{4}.* \(arquivo nfe55_medicos_icms40_2dups\.xml\)\.$/);
    // The supplier was created from emit, as a supplier.
    const entrada = (await api('GET', `/entradaNotaFiscal/${por('nfe55_medicos_icms40_2dups.xml').entrada}`)).body.data;
    const fornecedor = (await api('GET', `/pessoa/${entrada.fornecedor}`)).body.data;
    expect(fornecedor).toMatchObject({ cpfCnpj: '75335849000115', fornecedor: true, cliente: false, tipo: 'Jurídica' });
    // The XML is kept in the storage, readable by the group.
    const arquivo = await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${entrada.arquivo}`, cookies: { retaguarda_sessao: await signIn(ctx.app, 'admin@demo.com.br') } });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.body).toContain('26180875335849000115550010000016871192213331');
  });

  it('keeps the XMLs: the sweep of unreferenced files leaves every entry\'s XML, however old', async () => {
    const entradas = (await api('POST', '/entradaNotaFiscal/lista', {})).body.data as { _id: string }[];
    expect(entradas.length).toBeGreaterThan(0);
    const anos = new Date(Date.now() + 6 * 365 * 24 * 3_600_000);
    await removerArquivosSemReferencia(ctx.db, armazenamentoEmPasta(ctx.config.storageDir), anos);
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    for (const e of entradas) {
      const { arquivo } = (await api('GET', `/entradaNotaFiscal/${e._id}`)).body.data;
      expect((await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${arquivo}`, cookies: { retaguarda_sessao: token } })).statusCode).toBe(200);
    }
  });

  it('reads the XMLs inside a zip, each with its own answer', async () => {
    const zip = zipDe([
      { nome: 'notas/reforma.xml', conteudo: paraDestinatario(lerAmostraNfe('nfe55_reforma_ibscbs_icms10_3dups.xml'), cnpj) },
      { nome: 'notas/leia-me.txt', conteudo: 'não é nota' },
      { nome: 'notas/cce.xml', conteudo: lerAmostraNfe('evento_procEventoNFe_110110_cce.xml') },
    ]);
    const res = await api('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: 'pacote.zip', conteudo: zip.toString('base64') }] });
    expect(res.body.data.map((r: Resultado) => [r.nome, r.situacao])).toEqual([
      ['pacote.zip/notas/reforma.xml', 'repetida'],
      ['pacote.zip/notas/cce.xml', 'recusada'],
    ]);
  });

  it('the same note sent twice at once: one entry, the other answer repetida naming it', async () => {
    const xml = comChaveRefeita(nossa('nfe55_medicos_icms40_2dups.xml').xml, { numero: 5001 });
    const [a, b] = await Promise.all([importar([{ nome: 'a.xml', xml }]), importar([{ nome: 'b.xml', xml }])]);
    expect([a![0]!.situacao, b![0]!.situacao].sort()).toEqual(['pendente', 'repetida']);
    expect(a![0]!.entrada).toBe(b![0]!.entrada);
  });

  it('a note to another company of the group is entered in that company, and the answer says so', async () => {
    const sessao = (await api('GET', '/sessao')).body.data;
    const outra = sessao.empresas.find((e: { _id: string }) => e._id !== sessao.empresa._id) as { _id: string };
    const cnpjOutra = (await api('GET', `/empresa/${outra._id}`)).body.data.cnpj;
    const xml = comChaveRefeita(paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpjOutra), { numero: 5002 });
    const [r] = await importar([{ nome: 'filial.xml', xml }]);
    expect(r).toMatchObject({ situacao: 'pendente' });
    expect(r!.avisos).toContain(`A nota é de outra empresa do grupo (CNPJ ${cnpjOutra}): troque a empresa ativa para vê-la e lançá-la.`);
    expect((await api('GET', `/entradaNotaFiscal/${r!.entrada}`)).status).toBe(404);
  });

  it('400 naming the field for a body without files', async () => {
    const res = await api('POST', '/entradaNotaFiscal/importar', { arquivos: [] });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('Arquivos: Envie ao menos um arquivo.');
  });
});

describe('entradaNotaFiscal: matching, posting and reversal', () => {
  it('posts stock at the landed cost and the payables from the duplicatas; unmatched items block; reversal undoes it once', async () => {
    const [lido] = await importar([{ nome: 'medicos-de-novo.xml', xml: paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj) }]);
    // Imported by the sweep above: repetida, naming that pending entry, which is posted here.
    expect(lido!.situacao).toBe('repetida');
    const id = lido!.entrada!;
    const bloqueado = await api('POST', `/entradaNotaFiscal/${id}/lancar`, { local });
    expect(bloqueado.status).toBe(409);
    expect(bloqueado.body.data.message).toBe(
      'Itens sem produto: 1 (ESPAÇADOR TEMPORARIO DE ACRILICO PARA QUADRIL COM GENTAMICINA), 2 (ESPAÇADOR TEMPORARIO DE ACRILICO PARA QUADRIL COM GENTAMICINA), 3 (CIMENTO ACRÍLICO G 40G - APLICAÇÃO MANUAL COM GENTAMICINA). Escolha o produto de cada um antes de lançar.',
    );
    const espacador = await produto('Espaçador de quadril', un);
    const espacadorB = await produto('Espaçador de quadril B', un);
    const cimento = await produto('Cimento acrílico (g)', grama);
    await api('POST', `/entradaNotaFiscal/${id}/itens/1`, { produto: espacador });
    await api('POST', `/entradaNotaFiscal/${id}/itens/2`, { produto: espacadorB });
    // The note sells the cement by the unit (UN of 40 g); the product is kept in grams: no factor yet.
    const semFator = (await api('POST', `/entradaNotaFiscal/${id}/itens/3`, { produto: cimento })).body.data;
    expect(semFator.itens[2]).toMatchObject({ produto: cimento, fator: null });
    expect((await api('POST', `/entradaNotaFiscal/${id}/lancar`, { local })).body.data.message).toBe(
      'Itens sem fator de conversão: 3 (UN). Informe quantas unidades de estoque uma unidade da nota faz.',
    );
    const comFator = (await api('POST', `/entradaNotaFiscal/${id}/itens/3`, { produto: cimento, fator: '40' })).body.data;
    expect(comFator.itens[2]).toMatchObject({ fator: '40.000000' });

    const lancada = await api('POST', `/entradaNotaFiscal/${id}/lancar`, { local });
    expect(lancada.status, JSON.stringify(lancada.body)).toBe(200);
    expect(lancada.body.data).toMatchObject({ situacao: 'lancada', local });
    // 1 UN at R$ 2.490,00; 4 UN × 40 g = 160 g for R$ 800,00 → R$ 5,00 a gram (500 centavos).
    expect(await posicao(espacador)).toEqual([['1.0000', '249000.0000']]);
    expect(await posicao(cimento)).toEqual([['160.0000', '500.0000']]);
    // The supplier's mappings keep the last price paid per its unit, and when.
    const mapeado = async (p: string) => ((await api('POST', '/estoqueProdutoFornecedor/getPopulate', { filtro: { produto: p }, limit: 10, skip: 0 })).body.data as { ultimoPreco: number | null; ultimaCompraEm: string | null }[])[0]!;
    expect(await mapeado(espacador)).toMatchObject({ ultimoPreco: 249000, ultimaCompraEm: hojeNoFuso(new Date()) });
    expect((await mapeado(cimento)).ultimoPreco).toBe(20000);
    const [tituloId] = lancada.body.data.titulos;
    const titulo = (await api('GET', `/financeiroAgenda/${tituloId}`)).body.data;
    expect(titulo).toMatchObject({ tipo: 'pagar', pessoa: lancada.body.data.fornecedor, documento: 'NF-e 1687/1' });
    expect(titulo.anexos.map((a: { _id: string; nome: string }) => [a._id, a.nome])).toEqual([[lancada.body.data.arquivo, 'nfe55_medicos_icms40_2dups.xml']]);
    expect(titulo.parcelas.map((p: { numero: number; vencimento: string; valor: number }) => [p.numero, p.vencimento, p.valor])).toEqual([
      [1, '2018-09-25', 289000],
      [2, '2018-11-04', 289000],
    ]);
    expect((await api('POST', `/entradaNotaFiscal/${id}/lancar`, { local })).status).toBe(409);

    // The supplier's next note: items matched as the user did, and a 25 % dearer spacer flagged against this purchase.
    const maisCara = comChaveRefeita(paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj), { numero: 1688 })
      .replace('<vUnCom>2490.0000000000</vUnCom>', '<vUnCom>3112.5000000000</vUnCom>')
      .replace('<vProd>2490.00</vProd>', '<vProd>3112.50</vProd>');
    const [proxima] = await importar([{ nome: 'medicos-1688.xml', xml: maisCara }]);
    expect(proxima!.itens.map((i) => [i.numero, i.produto])).toEqual([[1, espacador], [2, espacadorB], [3, cimento]]);
    expect(proxima!.avisos).toContain('Item 1 (ESPAÇADOR TEMPORARIO DE ACRILICO PARA QUADRIL COM GENTAMICINA): custo 25% acima da última compra.');
    expect((await api('GET', `/entradaNotaFiscal/${proxima!.entrada}`)).body.data.itens.map((i: { altaDePreco: number | null; custoUnitario: string; ultimoCusto: string }) => [i.altaDePreco, i.custoUnitario, i.ultimoCusto])).toEqual([
      [25, '311250.0000', '249000.0000'],
      [null, '249000.0000', '249000.0000'],
      [null, '500.0000', '500.0000'],
    ]);

    const estorno = await api('POST', `/entradaNotaFiscal/${id}/estornar`, { motivo: 'Lançada na loja errada' });
    expect(estorno.status, JSON.stringify(estorno.body)).toBe(200);
    expect(estorno.body.data.situacao).toBe('estornada');
    expect((await posicao(espacador)).map(([q]) => q)).toEqual(['0.0000']);
    expect((await posicao(cimento)).map(([q]) => q)).toEqual(['0.0000']);
    const cancelado = (await api('GET', `/financeiroAgenda/${tituloId}`)).body.data;
    expect(cancelado.parcelas.map((p: { status: string }) => p.status)).toEqual(['cancelada', 'cancelada']);
    const outra = await api('POST', `/entradaNotaFiscal/${id}/estornar`, { motivo: 'de novo' });
    expect(outra.status).toBe(409);
    expect(outra.body.data.message).toBe('Esta entrada já foi estornada.');
  });

  it('a match the user makes is used on the next note of the same supplier; a GTIN of a product matches by itself', async () => {
    // The alimentos note (imported by the sweep above) and the supermercado one are both of CNPJ 34128745000152.
    const [pendente] = (await api('POST', '/entradaNotaFiscal/lista', { busca: '47649', situacao: 'pendente' })).body.data as { _id: string }[];
    const granola = await produto('Granola banana e mel 800 g', un);
    const casado = (await api('POST', `/entradaNotaFiscal/${pendente!._id}/itens/3`, { produto: granola })).body.data;
    expect(casado.itens[2]).toMatchObject({ cProd: '1095', produto: granola, fator: '1.000000' });
    const lembrado = (await api('POST', '/estoqueProdutoFornecedor/getPopulate', { filtro: { produto: granola }, limit: 10, skip: 0 })).body.data;
    expect(lembrado.map((m: { codigo: string; fornecedor: string; unidadeCompra: string }) => [m.codigo, m.fornecedor, m.unidadeCompra])).toEqual([['1095', casado.fornecedor, 'UN']]);
    const zero = await produto('Granola zero 800 g', un, { gtin: '7897846900976' });

    const segunda = comChaveRefeita(paraDestinatario(lerAmostraNfe('nfe55_alimentos_supermercado_icms70.xml'), cnpj), { numero: 47700 });
    const [r] = await importar([{ nome: 'supermercado-47700.xml', xml: segunda }]);
    expect(r!.situacao).toBe('pendente');
    expect(r!.itens.map((i) => [i.cProd, i.produto, i.fator])).toEqual([
      ['1095', granola, '1.000000'],
      ['1096', null, null],
      ['1097', zero, '1.000000'],
      ['1123', null, null],
    ]);
    const entrada = (await api('GET', `/entradaNotaFiscal/${r!.entrada}`)).body.data;
    expect(entrada.fornecedor).toBe(casado.fornecedor);
  });
});

describe('entradaNotaFiscal: the credit policy', () => {
  it('a normal-regime company (CRT 3) may take ICMS, PIS and COFINS off the cost; a Simples one is refused naming the field', async () => {
    // Grupo Vizinho's restaurant is CRT 3; the supermercado note addressed to it, its four items matched by hand.
    const vizinhoCnpj = (await vizinho('GET', `/empresa/${ctx.seed.vizinho.empresas[0]}`)).body.data.cnpj;
    const [r] = await importar([{ nome: 'sup-vizinho.xml', xml: paraDestinatario(lerAmostraNfe('nfe55_alimentos_supermercado_icms70.xml'), vizinhoCnpj) }], vizinho);
    expect(r!.situacao).toBe('pendente');
    const unidade = (await vizinho('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0]?._id ?? (await criar(vizinho, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }))._id;
    const produtos: string[] = [];
    for (const item of r!.itens) {
      const p = (await criar(vizinho, 'produtoGeral', { descricao: `Granola ${item.cProd}`, unidade }))._id;
      produtos.push(p);
      await vizinho('POST', `/entradaNotaFiscal/${r!.entrada}/itens/${item.numero}`, { produto: p });
    }
    const localVizinho = (await criar(vizinho, 'estoqueCadastro', { descricao: 'Estoque vizinho NF-e' }))._id;
    const lancada = await vizinho('POST', `/entradaNotaFiscal/${r!.entrada}/lancar`, { local: localVizinho, creditarImpostos: true });
    expect(lancada.status, JSON.stringify(lancada.body)).toBe(200);
    // Item 1: 12 UN, vProd 154,08 + ST 29,03 − ICMS 18,49 − PIS 1,00 − COFINS 4,62 = R$ 159,00 → R$ 13,25 each.
    const linha = ((await vizinho('POST', '/relatorioEstoqueProduto', { local: localVizinho })).body.data as { produto: string; quantidade: string; custoMedio: string }[]).find((l) => l.produto === produtos[0]);
    expect([linha?.quantidade, linha?.custoMedio]).toEqual(['12.0000', '1325.0000']);
    // No cobr in this note: one payable from pag (tPag 99) due on the issue date.
    const titulo = (await vizinho('GET', `/financeiroAgenda/${lancada.body.data.titulos[0]}`)).body.data;
    expect(titulo.parcelas.map((p: { vencimento: string; valor: number }) => [p.vencimento, p.valor])).toEqual([['2018-08-15', 61037]]);

    // The demonstration's restaurant is Simples Nacional (CRT 1).
    const [nosso] = (await api('POST', '/entradaNotaFiscal/lista', { situacao: 'pendente' })).body.data as { _id: string }[];
    const recusa = await api('POST', `/entradaNotaFiscal/${nosso!._id}/lancar`, { local, creditarImpostos: true });
    expect(recusa.status).toBe(400);
    expect(recusa.body.data.message).toContain('Crédito de impostos');
  });
});

describe('entradaNotaFiscal: the wall between groups', () => {
  it('another group cannot list, read, match, post or reverse our entries, nor import a note addressed to us', async () => {
    const nossas = (await api('POST', '/entradaNotaFiscal/lista', {})).body.data as { _id: string }[];
    expect(nossas.length).toBeGreaterThan(0);
    const id = nossas[0]!._id;
    const deles = (await vizinho('POST', '/entradaNotaFiscal/lista', {})).body.data as { _id: string }[];
    expect(deles.filter((e) => nossas.some((n) => n._id === e._id))).toEqual([]);
    expect((await vizinho('GET', `/entradaNotaFiscal/${id}`)).status).toBe(404);
    expect((await vizinho('POST', `/entradaNotaFiscal/${id}/itens/1`, { produto: 'x' })).status).toBe(404);
    expect((await vizinho('POST', `/entradaNotaFiscal/${id}/lancar`, { local: 'x' })).status).toBe(404);
    expect((await vizinho('POST', `/entradaNotaFiscal/${id}/estornar`, { motivo: 'teste' })).status).toBe(404);
    const [r] = await importar([nossa('nfe55_reforma_ibscbs_icms10_3dups.xml')], vizinho);
    expect(r).toMatchObject({ situacao: 'recusada', motivo: `O destinatário da nota (${cnpj}) não é uma empresa deste grupo.` });
  });
});
