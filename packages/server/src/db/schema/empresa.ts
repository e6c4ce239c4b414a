import { foreignKey, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { lixoColumn, rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/** Company settings the web reads (SPEC.md §3, domain empresaSessao.configuracoes). */
export interface ConfiguracoesEmpresa {
  callCenter: boolean;
  empresasCallCenter: string[];
  expedicao: { setorImpressaoExpedicao: string | null };
  googleKeyApi: string | null;
  googleVersaoApi: string | null;
}

export const configuracoesEmpresaPadrao = (): ConfiguracoesEmpresa => ({
  callCenter: false,
  empresasCallCenter: [],
  expedicao: { setorImpressaoExpedicao: null },
  googleKeyApi: null,
  googleVersaoApi: 'quarterly',
});

export const empresa = pgTable(
  'empresa',
  {
    ...tenantColumn,
    ...rowColumns,
    nomeFantasia: text('nome_fantasia').notNull(),
    razaoSocial: text('razao_social').notNull(),
    cnpj: text('cnpj'),
    configuracoes: jsonb('configuracoes').$type<ConfiguracoesEmpresa>().notNull().$defaultFn(configuracoesEmpresaPadrao),
    ...lixoColumn,
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
