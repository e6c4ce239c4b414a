/** The calendar's query keys: a settlement or a new título invalidates `todas` (the agenda's drawers). */
export const calendarioKeys = {
  todas: (empresa: string | undefined) => ['calendarioRecebimento', empresa] as const,
  previsao: (empresa: string | undefined, mes: string, dia: string | null, empresas: readonly string[]) => [...calendarioKeys.todas(empresa), mes, dia, empresas] as const,
  titulos: (empresa: string | undefined, mes: string, dia: string | null, empresas: readonly string[]) => [...calendarioKeys.todas(empresa), 'titulos', mes, dia, empresas] as const,
};
