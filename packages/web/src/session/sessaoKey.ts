/**
 * Query keys carry the active company id, so a company switch asks the server again instead of
 * showing the previous company's data from the cache.
 */
export const sessaoKey = (empresaId: string | undefined) => ['sessao', empresaId ?? 'nenhuma'] as const;
