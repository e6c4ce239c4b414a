import { boolean, date, foreignKey, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { lixoColumn, rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

export const tiposPessoa = ['Física', 'Jurídica'] as const;
export type TipoPessoa = (typeof tiposPessoa)[number];

/** People and customers of a group. Minimal for now: the fields sign-in and the default customer need. */
export const pessoa = pgTable(
  'pessoa',
  {
    ...tenantColumn,
    ...rowColumns,
    nome: text('nome').notNull(),
    tipo: text('tipo').$type<TipoPessoa>().notNull().default('Física'),
    cpfCnpj: text('cpf_cnpj'),
    sexo: text('sexo'),
    dataNascimento: date('data_nascimento'),
    email: text('email'),
    /** The default customer of SPEC.md §3 ('Consumidor'). */
    clientePadrao: boolean('cliente_padrao').notNull().default(false),
    ...lixoColumn,
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
