import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { configuracoesEmpresaPadrao, empresa, grupoEmpresarial, type ConfiguracoesEmpresa } from '../db/schema/index.ts';

/**
 * The typed session tables as projections of the records in `registro` (docs/decisions/0006): written
 * by the hooks in the same transaction as the record, so sign-in and the session read what the
 * screens saved.
 */

type Dados = Record<string, unknown>;

const objeto = (v: unknown): Dados => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Dados) : {});
const texto = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The company settings the session contract carries (SPEC.md §3), read from the record's configuracoes. */
export function configuracoesDaSessao(configuracoes: unknown): ConfiguracoesEmpresa {
  const c = objeto(configuracoes);
  const padrao = configuracoesEmpresaPadrao();
  return {
    callCenter: c.callCenter === true,
    empresasCallCenter: Array.isArray(c.empresasCallCenter) ? c.empresasCallCenter.filter((e): e is string => typeof e === 'string') : [],
    expedicao: { setorImpressaoExpedicao: texto(objeto(c.expedicao).setorImpressaoExpedicao) },
    googleKeyApi: texto(c.googleKeyApi),
    googleVersaoApi: texto(c.googleVersaoApi) ?? padrao.googleVersaoApi,
  };
}

/** Inserts or updates the empresa row of a company record (same id), trash flag included. */
export async function projetarEmpresa(tx: Executor, grupo: string, registro: Dados & { _id: string; lixo?: boolean }): Promise<void> {
  const linha = {
    nomeFantasia: String(registro.nomeFantasia ?? ''),
    razaoSocial: String(registro.razaoSocial ?? ''),
    cnpj: texto(registro.cnpj),
    configuracoes: configuracoesDaSessao(registro.configuracoes),
    lixo: registro.lixo === true,
  };
  await tx
    .insert(empresa)
    .values({ grupoEmpresarialId: grupo, id: registro._id, ...linha })
    .onConflictDoUpdate({ target: [empresa.grupoEmpresarialId, empresa.id], set: { ...linha, version: sql`${empresa.version} + 1`, updatedAt: sql`now()` } });
}

/** The group's name, as sign-in and the header show it. */
export async function projetarGrupo(tx: Executor, registro: Dados & { _id: string }): Promise<void> {
  await tx
    .update(grupoEmpresarial)
    .set({ nome: String(registro.nome ?? ''), version: sql`${grupoEmpresarial.version} + 1`, updatedAt: sql`now()` })
    .where(sql`${grupoEmpresarial.id} = ${registro._id}`);
}
