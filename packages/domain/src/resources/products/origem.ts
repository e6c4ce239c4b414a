/**
 * Origin of the goods, the `orig` of ICMS in the NF-e (0 domestic; 1, 2, 6, 7 foreign; 3, 4, 5, 8
 * domestic with import content), as the Manual de Orientação do Contribuinte words it, shortened.
 */
export const origensMercadoria = ['0', '1', '2', '3', '4', '5', '6', '7', '8'] as const;
export type OrigemMercadoria = (typeof origensMercadoria)[number];

export const rotulosOrigem: Readonly<Record<OrigemMercadoria, string>> = {
  '0': '0 - Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8',
  '1': '1 - Estrangeira, importação direta, exceto a indicada no código 6',
  '2': '2 - Estrangeira, adquirida no mercado interno, exceto a indicada no código 7',
  '3': '3 - Nacional, conteúdo de importação superior a 40% e até 70%',
  '4': '4 - Nacional, produzida conforme os processos produtivos básicos (PPB)',
  '5': '5 - Nacional, conteúdo de importação de até 40%',
  '6': '6 - Estrangeira, importação direta, sem similar nacional (lista CAMEX) e gás natural',
  '7': '7 - Estrangeira, adquirida no mercado interno, sem similar nacional (lista CAMEX) e gás natural',
  '8': '8 - Nacional, conteúdo de importação superior a 70%',
};
