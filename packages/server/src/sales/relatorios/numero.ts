/**
 * A number from what node-postgres hands over for a count, a sum or a bigint of centavos (text for int8 and
 * numeric), null as 0. Exact for centavos and counts (whole numbers far below 2^53); never a float8 cast in SQL.
 */
export const numero = (v: unknown): number => Number(v ?? 0);

/** The average ticket in centavos, half up, in integer arithmetic (0 with no sales). */
export const ticketMedio = (total: number, vendas: number): number => (vendas ? Math.floor((2 * total + vendas) / (2 * vendas)) : 0);
