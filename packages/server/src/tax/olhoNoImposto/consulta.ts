import { TAX_INFO_LIMIT } from '@retaguarda/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { olhoNoImposto, olhoNoImpostoVersao } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { escapeLike, semAcentoSql } from '../../resources/filter.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';

/** SPEC.md §7 and §9 (tax-info limit): the POS loads the whole table for its UF at once. */
export const LIMITE_IBPT = TAX_INFO_LIMIT;

/** API field → column. The names are the IBPT file's own, which integrators already know. */
const colunas = {
  uf: olhoNoImposto.uf,
  codigo: olhoNoImposto.codigo,
  ex: olhoNoImposto.ex,
  tipo: olhoNoImposto.tipo,
  descricao: olhoNoImposto.descricao,
  nacionalfederal: olhoNoImposto.nacionalFederal,
  importadosfederal: olhoNoImposto.importadosFederal,
  estadual: olhoNoImposto.estadual,
  municipal: olhoNoImposto.municipal,
  vigenciainicio: olhoNoImposto.vigenciaInicio,
  vigenciafim: olhoNoImposto.vigenciaFim,
  chave: olhoNoImposto.chave,
  versao: olhoNoImposto.versao,
  fonte: olhoNoImposto.fonte,
} as const;
type Campo = keyof typeof colunas;
const nomes = Object.keys(colunas) as Campo[];

const valorFiltro = z.union([z.string(), z.number(), z.object({ $in: z.array(z.union([z.string(), z.number()])) })]);
export const getPopulateIbpt = z
  .object({
    filtro: z.record(z.string(), z.unknown()).optional(),
    select: z.union([z.string(), z.array(z.string())]).optional(),
    sort: z.record(z.string(), z.union([z.literal(1), z.literal(-1)])).optional(),
    limit: z.number().int().min(1).max(LIMITE_IBPT).optional(),
    skip: z.number().int().min(0).optional(),
  })
  .nullish();
export type GetPopulateIbpt = NonNullable<z.infer<typeof getPopulateIbpt>>;

const campo = (nome: string, onde: string): Campo => {
  if ((nomes as string[]).includes(nome)) return nome as Campo;
  throw new HttpError(400, `Campo desconhecido em ${onde}: ${nome}`);
};

/** Versions in force for each UF: the latest start of validity, then the latest import. */
const versoesAtuais = (s: SessaoRequest) => sql`(select distinct on (uf) id from ${olhoNoImpostoVersao}
  where grupo_empresarial_id = ${s.grupoEmpresarial} order by uf, vigencia_inicio desc, created_at desc)`;

function condicoes(s: SessaoRequest, filtro: Record<string, unknown> = {}): SQL[] {
  const conds: SQL[] = [eq(olhoNoImposto.grupoEmpresarialId, s.grupoEmpresarial)];
  let versaoPedida = false;
  for (const [nome, bruto] of Object.entries(filtro)) {
    if (bruto === undefined || nome === 'empresa' || nome === 'grupoEmpresarial' || nome === 'lixo') continue;
    if (nome === 'busca') {
      if (typeof bruto !== 'string') throw new HttpError(400, 'Valor inválido em filtro: busca');
      // Every word, in the code or the description, accents ignored ("pão" finds the file's "Pao").
      for (const palavra of bruto.trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
        const texto = `%${escapeLike(palavra)}%`;
        conds.push(sql`(${olhoNoImposto.codigo} like ${texto} escape '\\' or ${semAcentoSql(sql`${olhoNoImposto.descricao}`)} like ${semAcentoSql(sql`${texto}::text`)} escape '\\')`);
      }
      continue;
    }
    const c = campo(nome, 'filtro');
    const v = valorFiltro.safeParse(bruto);
    if (!v.success) throw new HttpError(400, `Valor inválido em filtro: ${nome}`);
    const valores = typeof v.data === 'object' ? v.data.$in : [v.data];
    conds.push(inArray(sql`${colunas[c]}::text`, valores.map(String)));
    if (c === 'versao') versaoPedida = true;
  }
  if (!versaoPedida) conds.push(sql`${olhoNoImposto.versaoId} in ${versoesAtuais(s)}`);
  return conds;
}

/** "13.4500" → "13.45": the file's precision, as exact text. */
const taxa = (v: string) => v.replace(/(\.\d\d\d*?)0+$/, '$1');

export async function listarIbpt(tx: Transaction, s: SessaoRequest, body: GetPopulateIbpt) {
  const where = and(...condicoes(s, body.filtro));
  const select = body.select === undefined ? nomes : (typeof body.select === 'string' ? body.select.split(/[\s,]+/).filter(Boolean) : body.select).map((n) => campo(n, 'select'));
  const ordem = Object.entries(body.sort ?? { uf: 1, tipo: 1, codigo: 1, ex: 1 }).map(([n, d]) => (d === 1 ? asc(colunas[campo(n, 'sort')]) : desc(colunas[campo(n, 'sort')])));
  const [{ total } = { total: 0 }] = await tx.select({ total: sql<number>`count(*)::int` }).from(olhoNoImposto).where(where);
  const rows = await tx
    .select()
    .from(olhoNoImposto)
    .where(where)
    .orderBy(...ordem, asc(olhoNoImposto.tipo), asc(olhoNoImposto.codigo), asc(olhoNoImposto.ex))
    .limit(body.limit ?? 100)
    .offset(body.skip ?? 0);
  const data = rows.map((r) => {
    const completo: Record<string, unknown> = {
      _id: `${r.uf}.${r.versao}.${r.tipo}.${r.codigo}.${r.ex}`,
      uf: r.uf,
      codigo: r.codigo,
      ex: r.ex,
      tipo: r.tipo,
      descricao: r.descricao,
      nacionalfederal: taxa(r.nacionalFederal),
      importadosfederal: taxa(r.importadosFederal),
      estadual: taxa(r.estadual),
      municipal: taxa(r.municipal),
      vigenciainicio: r.vigenciaInicio,
      vigenciafim: r.vigenciaFim,
      chave: r.chave,
      versao: r.versao,
      fonte: r.fonte,
    };
    return { _id: completo._id as string, ...Object.fromEntries(Object.entries(completo).filter(([k]) => select.includes(k as Campo))) };
  });
  return { total, data };
}

export async function listarVersoes(tx: Transaction, s: SessaoRequest) {
  const atuais = new Set((await tx.execute<{ id: string }>(versoesAtuais(s))).rows.map((r) => r.id));
  const rows = await tx
    .select()
    .from(olhoNoImpostoVersao)
    .where(eq(olhoNoImpostoVersao.grupoEmpresarialId, s.grupoEmpresarial))
    .orderBy(asc(olhoNoImpostoVersao.uf), desc(olhoNoImpostoVersao.vigenciaInicio), desc(olhoNoImpostoVersao.createdAt));
  return rows.map((r) => toVersao(r, atuais.has(r.id)));
}

export const toVersao = (r: typeof olhoNoImpostoVersao.$inferSelect, atual: boolean) => ({
  _id: r.id,
  uf: r.uf,
  versao: r.versao,
  chave: r.chave,
  fonte: r.fonte,
  vigenciaInicio: r.vigenciaInicio,
  vigenciaFim: r.vigenciaFim,
  linhas: r.linhas,
  ncm: r.ncm,
  nbs: r.nbs,
  lc116: r.lc116,
  arquivo: r.arquivo,
  atual,
  created_at: r.createdAt.toISOString(),
});
