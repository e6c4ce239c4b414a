import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { ID_CLIENTE_PADRAO, recursos, type TelasPermissoes } from '@retaguarda/domain';
import { grupoEmpresarial, registro, usuario } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { projetarEmpresa } from '../registration/projecao.ts';
import { hashSenha } from '../session/password.ts';

export const DEMO_SENHA = 'demo1234';
export const demoLogins = [
  { login: 'admin@demo.com.br', senha: DEMO_SENHA, grupo: 'Grupo Demonstração' },
  { login: 'admin@vizinho.com.br', senha: DEMO_SENHA, grupo: 'Grupo Vizinho' },
  { login: 'caixa@demo.com.br', senha: DEMO_SENHA, grupo: 'Grupo Demonstração' },
] as const;

/** The demonstration profile of a cashier: a few screens, view only, and two PDV actions. */
export const perfilCaixaDemo = {
  nome: 'Caixa',
  observacao: 'Operador de caixa: consulta as formas de pagamento, os caixas e os terminais.',
  telas: { formaPagamento: ['ver'], caixa: ['ver'], terminal: ['ver'], tipoPagamentoBandeira: ['ver'] } satisfies TelasPermissoes,
  pdv: ['Abrir gaveta', 'Reimprimir'],
};

export interface SeededGroup {
  grupoEmpresarial: string;
  empresas: string[];
  admin: string;
  clientePadrao: string;
}

export interface DemoSeed {
  demo: SeededGroup;
  vizinho: SeededGroup;
  /** The cashier of Grupo Demonstração (caixa@demo.com.br) and its access profile. */
  caixa: { usuario: string; perfil: string };
}

type UsuarioRow = typeof usuario.$inferSelect;

/** The record of a user in registro (docs/decisions/0006), from its typed row: same id, no secrets. */
async function registrarUsuario(tx: Transaction, u: UsuarioRow): Promise<void> {
  await tx.insert(registro).values({
    grupoEmpresarialId: u.grupoEmpresarialId,
    id: u.id,
    recurso: 'usuario',
    empresaId: null,
    dados: {
      nome: u.nome,
      login: u.login,
      email: u.email ?? '',
      pessoa: u.pessoaId,
      atribuicaoSistema: u.atribuicaoSistema,
      acessoSistema: u.acessoSistemaId,
      empresas: u.empresas,
      empresaPadrao: u.empresaPadrao,
      administrador: u.administrador,
      ativo: u.ativo,
    },
  });
}

/** True when no business group exists yet: the only case where main.ts seeds on its own. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(grupoEmpresarial);
  return (row?.n ?? 0) === 0;
}

async function seedGroup(
  tx: Transaction,
  senhaHash: string,
  nome: string,
  empresas: Record<string, unknown>[],
  admin: { nome: string; email: string },
  pessoas: Record<string, unknown>[] = [],
): Promise<SeededGroup> {
  const [grupo] = await tx.insert(grupoEmpresarial).values({ nome }).returning({ id: grupoEmpresarial.id });
  const grupoId = grupo!.id;
  // The records the screens edit (registro, same ids) and their typed projections (docs/decisions/0006).
  await tx.insert(registro).values({ grupoEmpresarialId: grupoId, id: grupoId, recurso: 'grupoEmpresarial', dados: recursos.grupoEmpresarial.schema.parse({ nome }) });
  const empresaIds: string[] = [];
  for (const e of empresas) {
    const dados = recursos.empresa.schema.parse(e) as Record<string, unknown>;
    const [row] = await tx.insert(registro).values({ grupoEmpresarialId: grupoId, recurso: 'empresa', dados }).returning({ id: registro.id });
    await projetarEmpresa(tx, grupoId, { _id: row!.id, ...dados });
    empresaIds.push(row!.id);
  }
  // The default customer of SPEC.md §3 came with the group (the trigger of migration pessoa_para_registro).
  const adminPessoa = await inserirPessoa(tx, grupoId, {
    nome: admin.nome,
    cliente: false,
    funcionario: true,
    enderecosEletronicos: [{ tipo: 'E-mail', endereco: admin.email }],
  });
  for (const p of pessoas) await inserirPessoa(tx, grupoId, p);
  const [user] = await tx
    .insert(usuario)
    .values({
      grupoEmpresarialId: grupoId,
      nome: admin.nome,
      login: admin.email,
      email: admin.email,
      senhaHash,
      pessoaId: adminPessoa,
      atribuicaoSistema: 'Administrador',
      administrador: true,
      ativo: true,
      empresas: empresaIds,
      empresaPadrao: empresaIds[0] ?? null,
    })
    .returning();
  await registrarUsuario(tx, user!);
  return { grupoEmpresarial: grupoId, empresas: empresaIds, admin: user!.id, clientePadrao: ID_CLIENTE_PADRAO };
}

/** A person as the API would store it: the catalogue's schema fills the defaults. */
async function inserirPessoa(tx: Transaction, grupoId: string, body: Record<string, unknown>): Promise<string> {
  const dados = recursos.pessoa.schema.parse(body) as Record<string, unknown>;
  const [row] = await tx.insert(registro).values({ grupoEmpresarialId: grupoId, id: newId(), recurso: 'pessoa', empresaId: null, dados }).returning({ id: registro.id });
  return row!.id;
}

/** A supplier and a customer, so the people screen of the demonstration is not empty. */
const pessoasDemo: Record<string, unknown>[] = [
  {
    tipo: 'Jurídica',
    nome: 'Distribuidora de Bebidas Paulista Ltda',
    nomeFantasia: 'Bebidas Paulista',
    cpfCnpj: '11222333000181',
    rgIe: 'ISENTO',
    cliente: false,
    fornecedor: true,
    enderecos: [
      { tipo: 'Comercial', cep: '01310100', logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', uf: 'SP', cidade: 'São Paulo', codigoMunicipio: '3550308' },
    ],
    telefones: [{ tipo: 'Comercial', numero: '1133334444' }],
    enderecosEletronicos: [{ tipo: 'E-mail NF-e', endereco: 'nfe@bebidaspaulista.com.br' }],
  },
  {
    tipo: 'Física',
    nome: 'Maria Oliveira',
    cpfCnpj: '52998224725',
    dataNascimento: '1985-04-12',
    sexo: 'Feminino',
    limiteCredito: 50000,
    telefones: [{ tipo: 'WhatsApp', numero: '11987654321' }],
  },
];

/** Grupo Demonstração's cashier: profile "Caixa" and the user caixa@demo.com.br at the first company. */
async function seedCaixa(tx: Transaction, senhaHash: string, grupo: SeededGroup): Promise<DemoSeed['caixa']> {
  const [perfil] = await tx
    .insert(registro)
    .values({ grupoEmpresarialId: grupo.grupoEmpresarial, recurso: 'acessoSistema', empresaId: null, dados: perfilCaixaDemo })
    .returning({ id: registro.id });
  const caixaPessoa = await inserirPessoa(tx, grupo.grupoEmpresarial, {
    nome: 'Caixa Demonstração',
    cliente: false,
    funcionario: true,
    enderecosEletronicos: [{ tipo: 'E-mail', endereco: 'caixa@demo.com.br' }],
  });
  const [user] = await tx
    .insert(usuario)
    .values({
      grupoEmpresarialId: grupo.grupoEmpresarial,
      nome: 'Caixa Demonstração',
      login: 'caixa@demo.com.br',
      email: 'caixa@demo.com.br',
      senhaHash,
      pessoaId: caixaPessoa,
      atribuicaoSistema: 'Caixa',
      acessoSistemaId: perfil!.id,
      administrador: false,
      ativo: true,
      empresas: grupo.empresas.slice(0, 1),
      empresaPadrao: grupo.empresas[0] ?? null,
    })
    .returning();
  await registrarUsuario(tx, user!);
  return { usuario: user!.id, perfil: perfil!.id };
}

/**
 * Demonstration data: "Grupo Demonstração" with two restaurants and "Grupo Vizinho" with one, each with
 * an administrator (password demo1234); Grupo Demonstração also has a cashier with the view-only
 * profile "Caixa". The second group exists to show, and test, the tenant wall.
 */
export async function seedDemo(db: Database): Promise<DemoSeed> {
  // Outside the transaction: hashing is slow and must not hold the (possibly single) connection.
  const senhaHash = await hashSenha(DEMO_SENHA);
  return db.transaction(async (tx) => {
    const demo = await seedGroup(
      tx,
      senhaHash,
      'Grupo Demonstração',
      [
        {
          nomeFantasia: 'Restaurante Demonstração Centro',
          razaoSocial: 'Demonstração Restaurantes Ltda',
          cnpj: '12345678000195',
          crt: '1',
          cnae: '5611201',
          endereco: { cep: '01310100', logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', uf: 'SP', codigoMunicipio: '3550308', municipio: 'São Paulo' },
          contato: { telefone: '1133334444', email: 'centro@demo.com.br' },
        },
        {
          nomeFantasia: 'Restaurante Demonstração Shopping',
          razaoSocial: 'Demonstração Restaurantes Ltda',
          cnpj: '12345678000276',
          crt: '1',
          cnae: '5611201',
          endereco: { cep: '04543011', logradouro: 'Avenida Presidente Juscelino Kubitschek', numero: '2041', complemento: 'Loja 10', bairro: 'Vila Olímpia', uf: 'SP', codigoMunicipio: '3550308', municipio: 'São Paulo' },
        },
      ],
      { nome: 'Administrador Demonstração', email: 'admin@demo.com.br' },
      pessoasDemo,
    );
    const vizinho = await seedGroup(
      tx,
      senhaHash,
      'Grupo Vizinho',
      [
        {
          nomeFantasia: 'Restaurante Vizinho',
          razaoSocial: 'Vizinho Alimentação Ltda',
          cnpj: '98765432000198',
          crt: '3',
          endereco: { cep: '20040002', logradouro: 'Avenida Rio Branco', numero: '1', bairro: 'Centro', uf: 'RJ', codigoMunicipio: '3304557', municipio: 'Rio de Janeiro' },
        },
      ],
      { nome: 'Administrador Vizinho', email: 'admin@vizinho.com.br' },
    );
    const caixa = await seedCaixa(tx, senhaHash, demo);
    return { demo, vizinho, caixa };
  });
}
