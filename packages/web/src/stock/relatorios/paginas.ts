/**
 * The stock reports a page at a time (issue 12): a company's position is 22,000 lines and a busy
 * ingredient's year thousands of movements, so the screen asks one page and its totals; an export
 * asks every page, in bigger ones.
 */
export const LINHAS_POR_PAGINA = 200;
const LINHAS_POR_LOTE = 5000;

/** Every line, asking pages of LINHAS_POR_LOTE from the start until a page comes short. */
export async function todasAsLinhas<L>(buscar: (limite: number, offset: number) => Promise<L[]>): Promise<L[]> {
  const todas: L[] = [];
  for (;;) {
    const pagina = await buscar(LINHAS_POR_LOTE, todas.length);
    todas.push(...pagina);
    if (pagina.length < LINHAS_POR_LOTE) return todas;
  }
}
