import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRecurso, ID_CLIENTE_PADRAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';
import { startDatabase } from './harness.ts';

let banco: Awaited<ReturnType<typeof startDatabase>>;
let handle: DatabaseHandle;
let antigas: string;

/** The migrations folder as it was before the migration `tag` (pessoa still a table of its own). */
async function pastaAntesDe(tag: string): Promise<string> {
  const pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-migracoes-'));
  await cp(migrationsFolder, pasta, { recursive: true });
  const journalPath = path.join(pasta, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const corte = journal.entries.find((e) => e.tag.endsWith(tag))!.idx;
  journal.entries = journal.entries.filter((e) => e.idx < corte);
  await writeFile(journalPath, JSON.stringify(journal));
  return pasta;
}

beforeAll(async () => {
  banco = await startDatabase();
  handle = createDatabase(banco.url, { max: banco.max });
  antigas = await pastaAntesDe('_pessoa_para_registro');
});
afterAll(async () => {
  await handle?.pool.end();
  await banco?.stop();
  if (antigas) await rm(antigas, { recursive: true, force: true });
});

describe('migrations pessoa_para_registro and sem_tabela_pessoa: the pessoa table into registro', () => {
  it("copies each group's people (the user's person keeps its id), gives every group its default customer, drops the table", async () => {
    await migrate(handle.db, { migrationsFolder: antigas });
    const { db } = handle;
    await db.execute(sql`insert into grupo_empresarial (id, nome) values ('g1', 'Grupo antigo'), ('g2', 'Grupo sem consumidor')`);
    await db.execute(sql`
      insert into pessoa (grupo_empresarial_id, id, nome, tipo, cpf_cnpj, sexo, data_nascimento, email, cliente_padrao, lixo) values
        ('g1', 'consumidor-antigo', 'Consumidor', 'Física', null, 'Masculino', '1900-01-01', null, true, false),
        ('g1', 'pessoa-admin', 'Administradora', 'Física', null, null, null, 'admin@antigo.com.br', false, false),
        ('g1', 'pessoa-cliente', 'Cliente Antigo', 'Jurídica', '12.abc.345/01de-35', null, null, null, false, true)`);
    await db.execute(sql`
      insert into usuario (grupo_empresarial_id, id, nome, login, senha_hash, pessoa_id, atribuicao_sistema)
      values ('g1', 'u1', 'Administradora', 'admin@antigo.com.br', 'x', 'pessoa-admin', 'Administrador')`);

    await runMigrations(db);

    const rows = await db.execute<{ grupo_empresarial_id: string; id: string; dados: Record<string, unknown>; lixo: boolean }>(
      sql`select grupo_empresarial_id, id, dados, lixo from registro where recurso = 'pessoa' order by grupo_empresarial_id, id`,
    );
    const porId = Object.fromEntries(rows.rows.map((r) => [`${r.grupo_empresarial_id}/${r.id}`, r]));
    expect(Object.keys(porId).sort()).toEqual([`g1/${ID_CLIENTE_PADRAO}`, 'g1/pessoa-admin', 'g1/pessoa-cliente', `g2/${ID_CLIENTE_PADRAO}`]);
    expect(porId[`g1/${ID_CLIENTE_PADRAO}`]).toMatchObject({ lixo: false, dados: { nome: 'Consumidor', clientePadrao: true, dataNascimento: '1900-01-01', sexo: 'Masculino' } });
    expect(porId['g1/pessoa-admin']!.dados).toMatchObject({ funcionario: true, cliente: false, enderecosEletronicos: [{ tipo: 'E-mail', endereco: 'admin@antigo.com.br' }] });
    expect(porId['g1/pessoa-cliente']).toMatchObject({ lixo: true, dados: { tipo: 'Jurídica', cpfCnpj: '12ABC34501DE35', clientePadrao: false } });
    expect(porId[`g2/${ID_CLIENTE_PADRAO}`]!.dados).toMatchObject({ nome: 'Consumidor', clientePadrao: true });
    // Every copied record is what the API would have stored.
    const schema = findRecurso('pessoa')!.schema;
    for (const row of rows.rows) expect(schema.parse(row.dados)).toEqual(row.dados);

    const usuario = await db.execute<{ pessoa_id: string }>(sql`select pessoa_id from usuario where id = 'u1'`);
    expect(usuario.rows[0]!.pessoa_id).toBe('pessoa-admin');
    const tabela = await db.execute<{ existe: string | null }>(sql`select to_regclass('public.pessoa')::text as existe`);
    expect(tabela.rows[0]!.existe).toBeNull();
  });
});
