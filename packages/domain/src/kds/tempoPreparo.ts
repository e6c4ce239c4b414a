import { z } from 'zod';

/**
 * relatorioKdsTempoPreparo: how long the kitchen takes, from an item's arrival on the boards to its bump,
 * per station (the one that bumped it), product and hour of arrival. Late: over the minutosAtraso of that
 * station. Times in whole seconds; the p90 is the time 9 in 10 items were ready within.
 */
const data = z.iso.date({ error: 'Use aaaa-mm-dd.' });
/** A long range reads every bumped item of the period: three months are the most one asks at once. */
export const DIAS_MAXIMOS_TEMPO_PREPARO = 93;

export const filtroTempoPreparoSchema = z
  .object({
    de: data,
    ate: data,
    estacao: z.string().trim().max(64, 'Identificador inválido.').optional().transform((v) => v || undefined),
  })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' })
  .refine((f) => (Date.parse(f.ate) - Date.parse(f.de)) / 86_400_000 < DIAS_MAXIMOS_TEMPO_PREPARO, { path: ['ate'], message: `Escolha um período de até ${DIAS_MAXIMOS_TEMPO_PREPARO} dias.` });
export type FiltroTempoPreparo = z.infer<typeof filtroTempoPreparoSchema>;
export const rotulosFiltroTempoPreparo: Record<string, string> = { de: 'De', ate: 'Até', estacao: 'Estação' };

/** One group of bumped items: a station, a product or an hour. */
export interface LinhaTempoPreparo {
  /** The station or product id, or the hour ('00'…'23'); '' for items bumped with no station known. */
  chave: string;
  rotulo: string;
  itens: number;
  mediaSegundos: number;
  p90Segundos: number;
  maximoSegundos: number;
  atrasados: number;
}

export interface RelatorioTempoPreparo {
  totais: Omit<LinhaTempoPreparo, 'chave' | 'rotulo'>;
  porEstacao: LinhaTempoPreparo[];
  /** Slowest on average first. */
  porProduto: LinhaTempoPreparo[];
  /** By hour of arrival, in the store's time zone. */
  porHora: LinhaTempoPreparo[];
}

/** 754 → '12:34' (minutes:seconds; hours counted in minutes). */
export function minutosSegundos(segundos: number): string {
  const s = Math.max(0, Math.round(segundos));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
