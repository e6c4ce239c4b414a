import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * ORDER BY a text as a Brazilian reader expects: accents and case do not change the order ('Água
 * mineral' before 'Xis salada', 'Débito' before 'Dinheiro'), where the databases' default collation
 * (C / en_US byte order) puts every capital before every small letter and 'Á' after 'z'.
 *
 * ICU's root collation ("und-x-icu") exists on both databases we run on: PGlite (built with ICU, whose
 * only locale data is the root) and PostgreSQL 15 (Debian's build, with pt-BR-x-icu too). CLDR has no
 * tailoring for Portuguese, so the root order is the pt-BR order; pt-BR-x-icu is absent from PGlite,
 * hence the root. The in-memory twin is compararPt of @retaguarda/domain. One place for the concept:
 * every ORDER BY over text a user reads goes through here.
 */
export const ordemPt = (e: SQL | SQLWrapper): SQL => sql`(${e}) collate "und-x-icu"`;
