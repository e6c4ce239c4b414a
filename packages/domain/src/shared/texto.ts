/** Lowercase without accents, so 'sao' finds 'São' (the SQL side is semAcento in server/resources/filter.ts). */
export const semAcento = (texto: string): string => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const colacaoPt = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * Orders text as a Brazilian reader expects: accents and case do not change the order ('Água' before
 * 'Xis', 'Débito' before 'Dinheiro'). Every client-side or in-memory sort of text uses this one
 * comparator; the SQL side is ordemPt in server/db/ordemPt.ts. Null and undefined go last.
 */
export function compararPt(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  return colacaoPt.compare(a, b);
}

const colacaoPtNumerica = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** As compararPt, with the numbers inside read as numbers: 'Mesa 2' before 'Mesa 10'. */
export function compararPtNumerico(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  return colacaoPtNumerica.compare(a, b);
}
