/**
 * ABC curve of products by revenue: sorted by total, each product's share and the running share;
 * A up to 80% of the revenue, B up to 95%, C the rest (the product that crosses a limit stays in the
 * class it starts in). Shares are exact: basis points (1/100 of a percent) from integer arithmetic.
 */
export type ClasseAbc = 'A' | 'B' | 'C';

export interface ItemAbc {
  total: number;
}

export function curvaAbc<T extends ItemAbc>(itens: readonly T[]): (T & { participacao: number; acumulado: number; classe: ClasseAbc })[] {
  const ordenados = [...itens].sort((a, b) => b.total - a.total);
  const soma = ordenados.reduce((s, i) => s + i.total, 0);
  let acumuladoAntes = 0;
  return ordenados.map((item) => {
    // Basis points, rounded half up: 10000 = 100%.
    const bp = (valor: number) => (soma ? Math.floor((valor * 20000 + soma) / (2 * soma)) : 0);
    const inicio = bp(acumuladoAntes);
    acumuladoAntes += item.total;
    const classe: ClasseAbc = inicio < 8000 ? 'A' : inicio < 9500 ? 'B' : 'C';
    return { ...item, participacao: bp(item.total), acumulado: bp(acumuladoAntes), classe };
  });
}
