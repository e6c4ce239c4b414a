import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { configuracoesEmpresaPadrao, empresa, grupoEmpresarial, pessoa, usuario } from '../db/schema/index.ts';
import { hashSenha } from '../session/password.ts';

export const DEMO_SENHA = 'demo1234';
export const demoLogins = [
  { login: 'admin@demo.com.br', senha: DEMO_SENHA, grupo: 'Grupo Demonstração' },
  { login: 'admin@vizinho.com.br', senha: DEMO_SENHA, grupo: 'Grupo Vizinho' },
] as const;

export interface SeededGroup {
  grupoEmpresarial: string;
  empresas: string[];
  admin: string;
  clientePadrao: string;
}

export interface DemoSeed {
  demo: SeededGroup;
  vizinho: SeededGroup;
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
  empresas: { nomeFantasia: string; razaoSocial: string; cnpj: string }[],
  admin: { nome: string; email: string },
): Promise<SeededGroup> {
  const [grupo] = await tx.insert(grupoEmpresarial).values({ nome }).returning({ id: grupoEmpresarial.id });
  const grupoId = grupo!.id;
  const empresaIds: string[] = [];
  for (const e of empresas) {
    const [row] = await tx
      .insert(empresa)
      .values({ grupoEmpresarialId: grupoId, ...e, configuracoes: configuracoesEmpresaPadrao() })
      .returning({ id: empresa.id });
    empresaIds.push(row!.id);
  }
  // The default customer of SPEC.md §3, used by sales without an identified customer.
  const [consumidor] = await tx
    .insert(pessoa)
    .values({ grupoEmpresarialId: grupoId, nome: 'Consumidor', tipo: 'Física', sexo: 'Masculino', dataNascimento: '1900-01-01', clientePadrao: true })
    .returning({ id: pessoa.id });
  const [adminPessoa] = await tx
    .insert(pessoa)
    .values({ grupoEmpresarialId: grupoId, nome: admin.nome, tipo: 'Física', email: admin.email })
    .returning({ id: pessoa.id });
  const [user] = await tx
    .insert(usuario)
    .values({
      grupoEmpresarialId: grupoId,
      nome: admin.nome,
      login: admin.email,
      email: admin.email,
      senhaHash,
      pessoaId: adminPessoa!.id,
      atribuicaoSistema: 'Administrador',
      administrador: true,
      ativo: true,
      empresas: empresaIds,
      empresaPadrao: empresaIds[0] ?? null,
    })
    .returning({ id: usuario.id });
  return { grupoEmpresarial: grupoId, empresas: empresaIds, admin: user!.id, clientePadrao: consumidor!.id };
}

/**
 * Demonstration data: "Grupo Demonstração" with two restaurants and "Grupo Vizinho" with one, each with
 * an administrator (password demo1234). The second group exists to show, and test, the tenant wall.
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
        { nomeFantasia: 'Restaurante Demonstração Centro', razaoSocial: 'Demonstração Restaurantes Ltda', cnpj: '12345678000195' },
        { nomeFantasia: 'Restaurante Demonstração Shopping', razaoSocial: 'Demonstração Restaurantes Ltda', cnpj: '12345678000276' },
      ],
      { nome: 'Administrador Demonstração', email: 'admin@demo.com.br' },
    );
    const vizinho = await seedGroup(
      tx,
      senhaHash,
      'Grupo Vizinho',
      [{ nomeFantasia: 'Restaurante Vizinho', razaoSocial: 'Vizinho Alimentação Ltda', cnpj: '98765432000198' }],
      { nome: 'Administrador Vizinho', email: 'admin@vizinho.com.br' },
    );
    return { demo, vizinho };
  });
}
