/** Lowercase without accents, so 'sao' finds 'São' (the SQL side is semAcento in server/resources/filter.ts). */
export const semAcento = (texto: string): string => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
