import { findRecurso, dadosClientePadrao, ID_CLIENTE_PADRAO } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grupoEmpresarial, registro } from '../src/db/schema/index.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, cnpjDe, cpfDe, criar, enderecoCampinas, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => ctx?.close());

let n = 5000;
const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id);

describe('pessoa: documents', () => {
  it('checks the CPF of a Física and the CNPJ of a Jurídica, the message naming the field', async () => {
    const casos = [
      [{ tipo: 'Física', cpfCnpj: cnpjDe(++n) }, 'CPF inválido.'],
      [{ tipo: 'Jurídica', cpfCnpj: cpfDe(++n) }, 'CNPJ inválido.'],
      [{ tipo: 'Jurídica' }, 'Informe o CNPJ.'],
      [{ tipo: 'Jurídica', cpfCnpj: '12.ABC.345/01DE-36' }, 'CNPJ inválido.'],
    ] as const;
    for (const [body, mensagem] of casos) {
      const res = await api('POST', '/pessoa', { nome: 'Documento errado', ...body });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual({ message: `CPF / CNPJ: ${mensagem}`, campos: { cpfCnpj: mensagem } });
    }
  });

  it('accepts the alphanumeric CNPJ, typed in lowercase with its mask, and stores it bare and uppercase', async () => {
    const p = await criar(api, 'pessoa', { nome: 'Empresa do CNPJ novo', tipo: 'Jurídica', cpfCnpj: '12.abc.345/01de-35' });
    expect(p.cpfCnpj).toBe('12ABC34501DE35');
    const res = await api('POST', '/pessoa', { nome: 'Outra com o mesmo', tipo: 'Jurídica', cpfCnpj: '12ABC34501DE35' });
    expect(res.status).toBe(409);
  });

  it('the masked and the unmasked document are the same: duplicate refused (409 naming the field), found by filter and search', async () => {
    const cpf = cpfDe(++n);
    const mascarado = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const ana = await criar(api, 'pessoa', { nome: 'Ana do CPF', cpfCnpj: mascarado });
    expect(ana.cpfCnpj).toBe(cpf);
    const dup = await api('POST', '/pessoa', { nome: 'Outra Ana', cpfCnpj: cpf });
    const message = `Já existe Pessoa com CPF / CNPJ '${cpf}'.`;
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ valido: false, data: { message, campos: { cpfCnpj: message } } });
    // An update that takes someone else's document collides too.
    const bia = await criar(api, 'pessoa', { nome: 'Bia sem CPF' });
    expect((await api('PUT', `/pessoa/${bia._id}`, { cpfCnpj: mascarado, version: bia.version })).status).toBe(409);

    expect(ids(await api('POST', '/pessoa/getPopulate', { filtro: { cpfCnpj: mascarado } }))).toEqual([ana._id]);
    expect(ids(await api('POST', '/pessoa/getPopulate', { filtro: { busca: mascarado.slice(0, 7) } }))).toContain(ana._id);

    // The other group may register the same person.
    expect((await vizinho('POST', '/pessoa', { nome: 'Ana do CPF', cpfCnpj: cpf })).status).toBe(201);
    // In the trash, the document is free again.
    await api('DELETE', `/pessoa/${ana._id}`);
    expect((await api('POST', '/pessoa', { nome: 'Ana de novo', cpfCnpj: cpf })).status).toBe(201);
  });

  it('people without a document do not collide, an empty one included', async () => {
    await criar(api, 'pessoa', { nome: 'Sem documento 1' });
    const vazio = await criar(api, 'pessoa', { nome: 'Sem documento 2', cpfCnpj: '' });
    expect(vazio.cpfCnpj).toBeNull();
    expect((await api('POST', '/pessoa', { nome: 'Sem documento 3', cpfCnpj: '..-' })).status).toBe(201);
  });
});

describe('pessoa: the default customer', () => {
  it('exists after the seed in every group under the fixed id, as the schema stores it', async () => {
    const esperado = findRecurso('pessoa')!.schema.parse(dadosClientePadrao);
    for (const cliente of [api, vizinho]) {
      const res = await cliente('GET', `/pessoa/${ID_CLIENTE_PADRAO}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ...esperado, _id: ID_CLIENTE_PADRAO, lixo: false });
    }
    expect(ctx.seed.demo.clientePadrao).toBe(ID_CLIENTE_PADRAO);
  });

  it('cannot go to the trash nor lose the flag; it can be renamed', async () => {
    const lixo = await api('DELETE', `/pessoa/${ID_CLIENTE_PADRAO}`);
    expect(lixo.status).toBe(409);
    expect(lixo.body.data.message).toBe('O cliente padrão não pode ir para a lixeira: as vendas sem cliente identificado usam ele.');
    const atual = (await api('GET', `/pessoa/${ID_CLIENTE_PADRAO}`)).body.data;
    expect(atual.lixo).toBe(false);

    const perde = await api('PUT', `/pessoa/${ID_CLIENTE_PADRAO}`, { clientePadrao: false, version: atual.version });
    expect(perde.status).toBe(400);
    expect(perde.body.data).toEqual({ message: 'Cliente padrão: definido pelo sistema; não pode ser alterado.', campos: { clientePadrao: 'definido pelo sistema; não pode ser alterado.' } });

    const renomeado = await api('PUT', `/pessoa/${ID_CLIENTE_PADRAO}`, { nome: 'Consumidor final', version: atual.version });
    expect(renomeado.status).toBe(200);
    expect(renomeado.body.data).toMatchObject({ nome: 'Consumidor final', clientePadrao: true });
  });

  it('no user sets clientePadrao, on create or on update', async () => {
    const novo = await api('POST', '/pessoa', { nome: 'Quer ser padrão', clientePadrao: true });
    expect(novo.status).toBe(400);
    expect(novo.body.data.campos).toEqual({ clientePadrao: 'definido pelo sistema; não pode ser alterado.' });
    const p = await criar(api, 'pessoa', { nome: 'Pessoa comum', clientePadrao: false });
    expect((await api('PUT', `/pessoa/${p._id}`, { clientePadrao: true, version: p.version })).status).toBe(400);
  });

  it('a group created later gets its own default customer in the same transaction', async () => {
    const [grupo] = await ctx.db.insert(grupoEmpresarial).values({ nome: 'Grupo Novo' }).returning({ id: grupoEmpresarial.id });
    const [row] = await ctx.db
      .select()
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, grupo!.id), eq(registro.id, ID_CLIENTE_PADRAO)));
    expect(row).toMatchObject({ recurso: 'pessoa', empresaId: null, lixo: false, dados: findRecurso('pessoa')!.schema.parse(dadosClientePadrao) });
  });
});

describe('pessoa: addresses and IBGE cities', () => {
  it('refuses a city of another UF and an unknown code, naming the address item; keeps the IBGE name', async () => {
    const outraUf = await api('POST', '/pessoa', { nome: 'Endereço trocado', enderecos: [enderecoCampinas, { ...enderecoCampinas, uf: 'RJ' }] });
    expect(outraUf.status).toBe(400);
    expect(outraUf.body.data).toEqual({ message: 'Endereços: Campinas não é de RJ.', campos: { 'enderecos.1.cidade': 'Campinas não é de RJ.' } });

    const inventada = await api('POST', '/pessoa', { nome: 'Cidade inventada', enderecos: [{ ...enderecoCampinas, codigoMunicipio: '3599999' }] });
    expect(inventada.status).toBe(400);
    expect(inventada.body.data).toEqual({
      message: 'Endereços: o código 3599999 não é um município de SP.',
      campos: { 'enderecos.0.cidade': 'o código 3599999 não é um município de SP.' },
    });

    const semCep = await api('POST', '/pessoa', { nome: 'CEP curto', enderecos: [{ ...enderecoCampinas, cep: '1301' }] });
    expect(semCep.body.data).toEqual({ message: 'Endereços: O CEP tem 8 dígitos.', campos: { 'enderecos.0.cep': 'O CEP tem 8 dígitos.' } });

    const ok = await criar(api, 'pessoa', { nome: 'Endereço certo', enderecos: [{ ...enderecoCampinas, cidade: 'campinas' }] });
    expect(ok.enderecos).toEqual([{ ...enderecoCampinas, cep: '13015002', cidade: 'Campinas', complemento: null, referencia: null }]);
  });

  it('GET /api/municipios: the cities of a UF, by part of the name without accents, or by code', async () => {
    const sp = await api('GET', '/municipios?uf=SP');
    expect(sp.status).toBe(200);
    expect(sp.body.data).toHaveLength(645);
    expect(sp.body.data[0]).toEqual({ codigoIbge: '3500105', nome: 'Adamantina', uf: 'SP' });

    const busca = await api('GET', `/municipios?uf=SP&busca=${encodeURIComponent('sao jose dos')}`);
    expect(busca.body.data).toEqual([{ codigoIbge: '3549904', nome: 'São José dos Campos', uf: 'SP' }]);
    expect((await api('GET', '/municipios?codigo=3304557')).body.data).toEqual([{ codigoIbge: '3304557', nome: 'Rio de Janeiro', uf: 'RJ' }]);
    expect((await api('GET', '/municipios?busca=campinas')).body.data.map((m: { uf: string }) => m.uf)).toEqual(expect.arrayContaining(['SP', 'PI', 'RS']));

    expect((await api('GET', '/municipios')).status).toBe(400);
    const ufErrada = await api('GET', '/municipios?uf=XX');
    expect(ufErrada.status).toBe(400);
    expect(ufErrada.body.data.message).toMatch(/UF inválida/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/municipios?uf=SP' })).statusCode).toBe(401);
  });
});

describe('pessoaConvenio', () => {
  it('the agreeing company must be a Jurídica; each member must exist; members come populated', async () => {
    const fisica = await criar(api, 'pessoa', { nome: 'Não é empresa', cpfCnpj: cpfDe(++n) });
    const juridica = await criar(api, 'pessoa', { nome: 'Metalúrgica Conveniada', tipo: 'Jurídica', cpfCnpj: cnpjDe(++n) });
    const base = { descricao: 'Convênio metalúrgica', diaFechamento: 20, diaVencimento: 5 };

    const errado = await api('POST', '/pessoaConvenio', { ...base, pessoa: fisica._id });
    expect(errado.status).toBe(400);
    expect(errado.body.data).toEqual({ message: 'Empresa conveniada: escolha uma pessoa jurídica.', campos: { pessoa: 'escolha uma pessoa jurídica.' } });

    const sumido = await api('POST', '/pessoaConvenio', { ...base, pessoa: juridica._id, membros: [{ pessoa: fisica._id }, { pessoa: 'nao-existe' }] });
    expect(sumido.status).toBe(400);
    expect(sumido.body.data).toEqual({ message: 'Membros: Pessoa não encontrada.', campos: { 'membros.1.pessoa': 'Pessoa não encontrada.' } });

    // A person of the other group is not found either.
    const deFora = await criar(vizinho, 'pessoa', { nome: 'Do vizinho' });
    const fora = await api('POST', '/pessoaConvenio', { ...base, pessoa: juridica._id, membros: [{ pessoa: deFora._id }] });
    expect(fora.body.data.campos).toEqual({ 'membros.0.pessoa': 'Pessoa não encontrada.' });

    const convenio = await criar(api, 'pessoaConvenio', { ...base, pessoa: juridica._id, membros: [{ pessoa: fisica._id, limiteCredito: 25000 }] });
    const lista = await api('POST', '/pessoaConvenio/getPopulate', { filtro: { _id: convenio._id }, populate: ['pessoa', 'membros.pessoa'] });
    expect(lista.body.data[0].pessoa).toMatchObject({ _id: juridica._id, nome: 'Metalúrgica Conveniada' });
    expect(lista.body.data[0].membros).toEqual([{ pessoa: expect.objectContaining({ _id: fisica._id, nome: 'Não é empresa' }), limiteCredito: 25000 }]);
  });
  it('a person an active agreement names cannot go to the trash until the agreement lets go', async () => {
    const membro = await criar(api, 'pessoa', { nome: 'Funcionária conveniada', cpfCnpj: cpfDe(++n) });
    const empresa = await criar(api, 'pessoa', { nome: 'Indústria Conveniada', tipo: 'Jurídica', cpfCnpj: cnpjDe(++n) });
    const convenio = await criar(api, 'pessoaConvenio', { descricao: 'Convênio indústria', diaFechamento: 20, diaVencimento: 5, pessoa: empresa._id, membros: [{ pessoa: membro._id }] });
    for (const pessoa of [membro, empresa]) {
      const res = await api('DELETE', `/pessoa/${pessoa._id}`);
      expect(res.status).toBe(409);
      expect(res.body.data.message).toBe('Esta pessoa está no convênio “Convênio indústria”: tire-a do convênio (ou envie o convênio para a lixeira) antes.');
      expect((await api('GET', `/pessoa/${pessoa._id}`)).body.data.lixo).toBe(false);
    }
    expect((await api('DELETE', `/pessoaConvenio/${convenio._id}`)).status).toBe(200);
    expect((await api('DELETE', `/pessoa/${membro._id}`)).body.data).toMatchObject({ lixo: true });
  });
});
