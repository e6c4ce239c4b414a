/** The calendar's query keys: a settlement or a new título invalidates `todas` (the agenda's drawers). */
export const calendarioKeys = {
  todas: (empresa: string | undefined) => ['calendarioRecebimento', empresa] as const,
  previsao: (empresa: string | undefined, mes: string, dia: string | null) => [...calendarioKeys.todas(empresa), mes, dia] as const,
  titulos: (empresa: string | undefined, mes: string, dia: string | null) => [...calendarioKeys.todas(empresa), 'titulos', mes, dia] as const,
};
