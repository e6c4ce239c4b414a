/**
 * Business areas of SPEC.md §2. The key is the folder name used on both server and web,
 * the label is what the menu shows.
 */
export const areas = {
  registration: 'Cadastros',
  kds: 'Monitor de cozinha (KDS)',
  products: 'Produtos e cardápios',
  tax: 'Impostos e preços',
  fiscal: 'Notas fiscais',
  stock: 'Estoque',
  finance: 'Financeiro',
  reports: 'Relatórios',
  integrations: 'Integrações e robô',
  dashboards: 'Painéis',
} as const;

export type Area = keyof typeof areas;
export const areaKeys = Object.keys(areas) as Area[];
