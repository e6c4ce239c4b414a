import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { lixoColumn, rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

export const usuario = pgTable(
  'usuario',
  {
    ...tenantColumn,
    ...rowColumns,
    nome: text('nome').notNull(),
    login: text('login').notNull(),
    email: text('email'),
    /** argon2id; never leaves the server. */
    senhaHash: text('senha_hash').notNull(),
    /** argon2id of the store-terminal PIN; null when the user has none. Never leaves the server. */
    pinHash: text('pin_hash'),
    /** The user's person: a registro row of recurso 'pessoa' (decision 0006), so a plain column. */
    pessoaId: text('pessoa_id'),
    /** The access profile (registro of acessoSistema); administrators need none. */
    acessoSistemaId: text('acesso_sistema_id'),
    atribuicaoSistema: text('atribuicao_sistema').notNull(),
    administrador: boolean('administrador').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
    /** Companies the user may use; administrators may use all of the group's. */
    empresas: text('empresas').array().notNull().default(sql`'{}'::text[]`),
    empresaPadrao: text('empresa_padrao'),
    ...lixoColumn,
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('usuario_grupo_login_unico').on(t.grupoEmpresarialId, sql`lower(${t.login})`),
    // Sign-in looks a login or e-mail up across groups, before the tenant is known.
    index('usuario_login_idx').on(sql`lower(${t.login})`),
    index('usuario_email_idx').on(sql`lower(${t.email})`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
