import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/migrate.ts';
import { registro, usuario } from '../src/db/schema/index.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { login, signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let admin: Api;
let perfil: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  perfil = (await criar(admin, 'acessoSistema', { nome: 'Salão', telas: { formaPagamento: ['ver'] } }))._id;
});
afterAll(async () => ctx?.close());

const SEGREDO = /senha|"pin"|hash|argon2/i;

async function novaPessoa(nome: string): Promise<string> {
  return (await criar(admin, 'pessoa', { nome, funcionario: true }))._id;
}

const funcionario = (extra: Record<string, unknown>) => ({
  atribuicaoSistema: 'Garçom',
  acessoSistema: perfil,
  empresas: [ctx.seed.demo.empresas[0]],
  senha: 'senha1234',
  ...extra,
});

async function tipado(id: string) {
  const [row] = await ctx.db.select().from(usuario).where(eq(usuario.id, id));
  return row!;
}

describe('usuarios: the record and its sign-in projection', () => {
  it('creates a user who signs in with the password; password and PIN are stored hashed and returned by no call', async () => {
    const criado = await admin('POST', '/usuario', funcionario({ nome: 'Gina Garçonete', login: 'gina', email: 'gina@demo.com.br', pin: '4321' }));
    expect(criado.status).toBe(201);
    const id = criado.body.data._id;
    const row = await tipado(id);
    expect(row).toMatchObject({ nome: 'Gina Garçonete', login: 'gina', email: 'gina@demo.com.br', atribuicaoSistema: 'Garçom', acessoSistemaId: perfil, ativo: true, administrador: false });
    expect(row.senhaHash).toMatch(/^\$argon2id\$/);
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    const [reg] = await ctx.db.select().from(registro).where(eq(registro.id, id));
    expect(JSON.stringify(reg!.dados)).not.toMatch(SEGREDO);

    const gina = apiClient(ctx.app, await signIn(ctx.app, 'gina', 'senha1234'));
    const respostas = [
      criado,
      await admin('GET', `/usuario/${id}`),
      await admin('GET', '/usuario'),
      await admin('POST', '/usuario/getPopulate', { filtro: { _id: id } }),
      await admin('POST', '/usuario/getPopulate', { filtro: { _id: id }, select: ['senha', 'pin', 'nome'] }),
      await admin('POST', '/getUsuario', { filtro: { ativo: true }, retornoCompleto: true, modoLista: true }),
      await admin('POST', '/getUsuario', { filtro: { ativo: true }, retornoCompleto: false, modoLista: true }),
      await gina('GET', '/sessao'),
      await admin('PUT', `/usuario/${id}`, { pin: '9876', version: 1 }),
    ];
    for (const res of respostas) {
      expect(res.status).toBeLessThan(300);
      expect(JSON.stringify(res.body)).not.toMatch(SEGREDO);
    }
    expect(JSON.stringify(respostas[2]!.body)).toContain('"gina"');
    // A new PIN replaced the old one; a blank one would have kept it.
    const pinNovo = (await tipado(id)).pinHash;
    expect(pinNovo).toMatch(/^\$argon2id\$/);
    expect(pinNovo).not.toBe(row.pinHash);
    const semPin = await admin('PUT', `/usuario/${id}`, { pin: '', nome: 'Gina', version: 2 });
    expect(semPin.status).toBe(200);
    expect((await tipado(id)).pinHash).toBe(pinNovo);
    expect((await tipado(id)).nome).toBe('Gina');
  });

  it('checks the password and PIN rules, and refuses a password on edit', async () => {
    const semSenha = await admin('POST', '/usuario', funcionario({ nome: 'Sem senha', login: 'semsenha', senha: undefined }));
    expect(semSenha.status).toBe(400);
    expect(semSenha.body.data).toEqual({ message: 'Senha: Informe a senha.', campos: { senha: 'Informe a senha.' } });
    const fraca = await admin('POST', '/usuario', funcionario({ nome: 'Fraca', login: 'fraca', senha: 'abcdefgh' }));
    expect(fraca.body.data.campos).toEqual({ senha: 'A senha deve ter pelo menos um número.' });
    const pin = await admin('POST', '/usuario', funcionario({ nome: 'PIN', login: 'pinruim', pin: '12a' }));
    expect(pin.status).toBe(400);
    expect(pin.body.data.campos).toEqual({ pin: 'O PIN deve ter de 4 a 6 dígitos.' });
    const ok = await criar(admin, 'usuario', funcionario({ nome: 'Edu', login: 'edu' }));
    const trocar = await admin('PUT', `/usuario/${ok._id}`, { senha: 'outra1234', version: ok.version });
    expect(trocar.status).toBe(400);
    expect(Object.keys(trocar.body.data.campos)).toEqual(['senha']);
    expect((await login(ctx.app, 'edu', 'outra1234')).statusCode).toBe(401);
  });

  it('a non-administrator needs a profile and a company; the default company must be one of them', async () => {
    const res = await admin('POST', '/usuario', { nome: 'Solto', login: 'solto', atribuicaoSistema: 'Caixa', senha: 'senha1234', empresaPadrao: ctx.seed.demo.empresas[1] });
    expect(res.status).toBe(400);
    expect(res.body.data.campos).toEqual({
      acessoSistema: 'Escolha o perfil de acesso (ou marque Administrador).',
      empresas: 'Escolha ao menos uma empresa.',
      empresaPadrao: 'A empresa padrão deve estar entre as empresas permitidas.',
    });
  });

  it('a login is unique in the group whatever the case (409 naming Login); another group may use it', async () => {
    await criar(admin, 'usuario', funcionario({ nome: 'Fábio', login: 'fabio@demo.com.br' }));
    const dup = await admin('POST', '/usuario', funcionario({ nome: 'Outro Fábio', login: 'FABIO@demo.com.br' }));
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ message: "Já existe Usuário com Login 'FABIO@demo.com.br'.", campos: { login: "Já existe Usuário com Login 'FABIO@demo.com.br'." } });
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const outro = await vizinho('POST', '/usuario', { nome: 'Fábio vizinho', login: 'fabio@demo.com.br', atribuicaoSistema: 'Gerente', administrador: true, senha: 'senha1234' });
    expect(outro.status).toBe(201);
    // Out of the way of the last-administrator test below.
    expect((await vizinho('DELETE', `/usuario/${outro.body.data._id}`)).status).toBe(200);
  });

  it('a user can neither trash nor deactivate themselves', async () => {
    const eu = (await admin('GET', `/usuario/${ctx.seed.demo.admin}`)).body.data;
    const lixo = await admin('DELETE', `/usuario/${eu._id}`);
    expect(lixo.status).toBe(409);
    expect(lixo.body.data.message).toBe('Você não pode enviar o próprio usuário para a lixeira.');
    const inativo = await admin('PUT', `/usuario/${eu._id}`, { ativo: false, version: eu.version });
    expect(inativo.status).toBe(400);
    expect(inativo.body.data.campos).toEqual({ ativo: 'Você não pode desativar o próprio usuário.' });
    expect(await tipado(eu._id)).toMatchObject({ ativo: true, lixo: false });
  });

  it('the last active administrator cannot be removed, demoted or deactivated', async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const gestorPerfil = await criar(vizinho, 'acessoSistema', { nome: 'Gestor de usuários', telas: { usuarios: ['ver', 'editar', 'lixeira'] } });
    await criar(vizinho, 'usuario', { nome: 'Gestor', login: 'gestor', atribuicaoSistema: 'Gerente', acessoSistema: gestorPerfil._id, empresas: ctx.seed.vizinho.empresas, senha: 'senha1234' });
    const gestor = apiClient(ctx.app, await signIn(ctx.app, 'gestor', 'senha1234'));
    const alvo = (await gestor('GET', `/usuario/${ctx.seed.vizinho.admin}`)).body.data;

    const lixo = await gestor('DELETE', `/usuario/${alvo._id}`);
    expect(lixo.status).toBe(409);
    expect(lixo.body.data.message).toBe('Não é possível enviar para a lixeira o último administrador ativo do grupo.');
    const inativo = await gestor('PUT', `/usuario/${alvo._id}`, { ativo: false, version: alvo.version });
    expect(inativo.body.data.campos).toEqual({ ativo: 'O grupo precisa de ao menos um administrador ativo.' });
    const rebaixado = await gestor('PUT', `/usuario/${alvo._id}`, { administrador: false, atribuicaoSistema: 'Gerente', acessoSistema: gestorPerfil._id, version: alvo.version });
    expect(rebaixado.body.data.campos).toEqual({ administrador: 'O grupo precisa de ao menos um administrador ativo.' });
    expect(await tipado(alvo._id)).toMatchObject({ ativo: true, administrador: true, lixo: false });

    // With a second administrator the first may go; its sessions end with it.
    await criar(vizinho, 'usuario', { nome: 'Segunda administradora', login: 'adm2@vizinho.com.br', atribuicaoSistema: 'Administrador', senha: 'senha1234' });
    expect((await gestor('DELETE', `/usuario/${alvo._id}`)).status).toBe(200);
    expect(await tipado(alvo._id)).toMatchObject({ lixo: true });
    expect((await vizinho('GET', '/sessao')).status).toBe(401);
    expect((await login(ctx.app, 'admin@vizinho.com.br', 'demo1234')).statusCode).toBe(401);
    expect((await gestor('POST', `/usuario/${alvo._id}/restaurar`)).status).toBe(200);
    expect((await login(ctx.app, 'admin@vizinho.com.br', 'demo1234')).statusCode).toBe(200);
  });

  it('deactivating a user ends their sessions and blocks sign-in', async () => {
    const u = await criar(admin, 'usuario', funcionario({ nome: 'Temporário', login: 'temp' }));
    const token = await signIn(ctx.app, 'temp', 'senha1234');
    expect((await admin('PUT', `/usuario/${u._id}`, { ativo: false, version: u.version })).status).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(token) })).statusCode).toBe(401);
    expect((await login(ctx.app, 'temp', 'senha1234')).statusCode).toBe(403);
  });

  it('sends the password-reset e-mail through the recovery outbox, with Editar on Usuários', async () => {
    const u = await criar(admin, 'usuario', funcionario({ nome: 'Rita', login: 'rita', email: 'rita@demo.com.br' }));
    const res = await admin('POST', `/usuario/${u._id}/enviarRedefinicaoSenha`);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('E-mail de redefinição de senha enviado para rita@demo.com.br.');
    const email = (await ctx.outbox()).find((e) => e.para === 'rita@demo.com.br');
    expect(email?.texto).toMatch(/http:\/\/retaguarda\.test\/alterarSenha\/\S+/);
    // The link works: it sets a new password.
    const chave = /alterarSenha\/(\S+)/.exec(email!.texto)![1]!;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/alterarSenha', payload: { chave, senha: 'nova12345' } })).statusCode).toBe(200);
    expect((await login(ctx.app, 'rita', 'nova12345')).statusCode).toBe(200);

    const semEmail = await criar(admin, 'usuario', funcionario({ nome: 'Sem e-mail', login: 'semmail' }));
    const falta = await admin('POST', `/usuario/${semEmail._id}/enviarRedefinicaoSenha`);
    expect(falta.status).toBe(400);
    expect(falta.body.data.campos).toEqual({ email: 'o usuário não tem e-mail cadastrado.' });
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const negado = await caixa('POST', `/usuario/${u._id}/enviarRedefinicaoSenha`);
    expect(negado.status).toBe(403);
    expect(negado.body.data.message).toBe('Acesso negado: o seu perfil não permite editar registros na tela Usuários.');
  });

  it('the migration gives every typed user its record (same id, no secrets)', async () => {
    const [antigo] = await ctx.db
      .insert(usuario)
      .values({ grupoEmpresarialId: ctx.seed.demo.grupoEmpresarial, nome: 'Legado', login: 'legado', senhaHash: '$argon2id$x', atribuicaoSistema: 'Gerente', administrador: true, empresas: [] })
      .returning();
    await ctx.db.execute(sql.raw(readFileSync(path.join(migrationsFolder, '0011_usuario_registro.sql'), 'utf8')));
    const lido = (await admin('GET', `/usuario/${antigo!.id}`)).body.data;
    expect(lido).toMatchObject({ _id: antigo!.id, nome: 'Legado', login: 'legado', email: '', atribuicaoSistema: 'Gerente', administrador: true, ativo: true, empresas: [], version: 1 });
    expect(JSON.stringify(lido)).not.toMatch(SEGREDO);
  });
});

describe('POST /api/getUsuario (SPEC §7)', () => {
  const funcionarios = { empresa: 'qualquer', grupoEmpresarial: 'outro', 'pessoa.lixo': false, ativo: true };
  const nomes = (res: { body: { data: { nome: string }[] } }) => res.body.data.map((u) => u.nome).sort();
  let caixa: Api;

  beforeAll(async () => {
    const [centro, shopping] = ctx.seed.demo.empresas;
    caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const moto = await novaPessoa('Pessoa do motoboy');
    await criar(admin, 'usuario', funcionario({ nome: 'M1 Motoboy ativo', login: 'moto1', atribuicaoSistema: 'Motoboy', pessoa: moto }));
    await criar(admin, 'usuario', funcionario({ nome: 'M2 Motoboy inativo', login: 'moto2', atribuicaoSistema: 'Motoboy', ativo: false, pessoa: await novaPessoa('Pessoa 2') }));
    await criar(admin, 'usuario', funcionario({ nome: 'M3 Motoboy do shopping', login: 'moto3', atribuicaoSistema: 'Motoboy', empresas: [shopping], pessoa: await novaPessoa('Pessoa 3') }));
    await criar(admin, 'usuario', funcionario({ nome: 'G1 Garçom', login: 'garcom1', pessoa: await novaPessoa('Pessoa 4'), empresas: [centro, shopping] }));
    await criar(admin, 'usuario', funcionario({ nome: 'G2 Garçom sem pessoa', login: 'garcom2' }));
    const lixo = await novaPessoa('Pessoa na lixeira');
    await criar(admin, 'usuario', funcionario({ nome: 'G3 Garçom com pessoa na lixeira', login: 'garcom3', pessoa: lixo }));
    expect((await admin('DELETE', `/pessoa/${lixo}`)).status).toBe(200);
    const m4 = await criar(admin, 'usuario', funcionario({ nome: 'M4 Motoboy na lixeira', login: 'moto4', atribuicaoSistema: 'Motoboy', pessoa: await novaPessoa('Pessoa 5') }));
    await admin('DELETE', `/usuario/${m4._id}`);
  });

  it('employees: active users of the active company whose person is not in the trash', async () => {
    const res = await caixa('POST', '/getUsuario', { filtro: funcionarios, retornoCompleto: false, modoLista: true });
    expect(res.status).toBe(200);
    const esperados = ['Administrador Demonstração', 'Caixa Demonstração', 'G1 Garçom', 'M1 Motoboy ativo'];
    // Others created by earlier tests have no person, so they are not employees.
    expect(nomes(res)).toEqual(esperados.sort());
    const m1 = res.body.data.find((u: { nome: string }) => u.nome === 'M1 Motoboy ativo');
    expect(Object.keys(m1).sort()).toEqual(['_id', 'atribuicaoSistema', 'login', 'nome', 'pessoa']);
  });

  it('delivery people: the same with atribuicaoSistema Motoboy', async () => {
    const res = await caixa('POST', '/getUsuario', { filtro: { ...funcionarios, atribuicaoSistema: 'Motoboy' }, retornoCompleto: false, modoLista: true });
    expect(nomes(res)).toEqual(['M1 Motoboy ativo']);
    const primeiro = await caixa('POST', '/getUsuario', { filtro: { ...funcionarios, atribuicaoSistema: 'Motoboy' }, retornoCompleto: false, modoLista: false });
    expect(primeiro.body.data).toMatchObject({ nome: 'M1 Motoboy ativo' });
  });

  it('follows the session company, never the body; the other group sees none of these', async () => {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) });
    const shopping = apiClient(ctx.app, token);
    const res = await shopping('POST', '/getUsuario', { filtro: { ...funcionarios, empresa: ctx.seed.demo.empresas[0], atribuicaoSistema: 'Motoboy' }, retornoCompleto: false, modoLista: true });
    expect(nomes(res)).toEqual(['M3 Motoboy do shopping']);
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const alheio = await vizinho('POST', '/getUsuario', { filtro: { grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, ativo: true }, retornoCompleto: true, modoLista: true });
    expect(alheio.body.data.every((u: { grupoEmpresarial: string }) => u.grupoEmpresarial === ctx.seed.vizinho.grupoEmpresarial)).toBe(true);
    expect(nomes(alheio)).not.toContain('M1 Motoboy ativo');
  });

  it('the complete record needs Ver on Usuários; an unknown filter is 400', async () => {
    const completo = await caixa('POST', '/getUsuario', { filtro: funcionarios, retornoCompleto: true, modoLista: true });
    expect(completo.status).toBe(403);
    expect(completo.body.data.message).toBe('Acesso negado: o seu perfil não permite ver na tela Usuários.');
    const desconhecido = await caixa('POST', '/getUsuario', { filtro: { senhaHash: { $ne: null } }, retornoCompleto: false, modoLista: true });
    expect(desconhecido.status).toBe(400);
  });
});
