/**
 * The stock reports a page at a time (issue 12): a company's position is 22,000 lines and a busy
 * ingredient's year thousands of movements, so the screen asks one page and its totals; an export
 * asks every line at once (the report without limite).
 */
export const LINHAS_POR_PAGINA = 200;
