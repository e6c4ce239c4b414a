import { formatCentavos } from '../../resources/format.ts';

/**
 * The arithmetic of a bar chart, apart from its drawing: the value axis (round steps from zero, in
 * the values' own integer unit, whole reais for money), the labels shortened without losing what
 * tells them apart, and how many labels fit under the bars at the chart's width.
 */

/**
 * Ticks of the value axis from 0 up to the first at or above `maximo`: 0, p, 2p, … with p a round step
 * (1, 2, 2.5 or 5 × 10ⁿ) giving about four intervals. `unidade` is the smallest step (100 for money in
 * centavos, so every tick is whole reais; 1 for counts). Integers in, integers out.
 */
export function marcasDoEixo(maximo: number, unidade = 1): number[] {
  if (!(maximo > 0)) return [0, unidade];
  const bruto = maximo / 4;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const redondo = [1, 2, 2.5, 5, 10].map((m) => m * potencia).find((p) => p >= bruto) ?? 10 * potencia;
  const passo = Math.max(unidade, Math.ceil(redondo / unidade) * unidade);
  const marcas = [0];
  while (marcas.at(-1)! < maximo) marcas.push(marcas.length * passo);
  return marcas;
}

const reaisCompactos = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** A money tick, short: 'R$ 10 mil', 'R$ 1,5 mi', 'R$ 500' (whole reais); a tick with centavos in full. */
export function reaisNoEixo(centavos: number): string {
  // A tick of whole reais divides exactly: no binary fraction is ever formatted.
  return (centavos % 100 === 0 ? reaisCompactos.format(centavos / 100) : formatCentavos(centavos)).replace(/\u00a0/g, ' ');
}

const DATA_BR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Whether the labels are days (an ordered sequence: thinned when crowded, never slanted). */
export const saoDatas = (rotulos: readonly string[]): boolean => rotulos.length > 0 && rotulos.every((r) => DATA_BR.test(r));

/**
 * What the axis writes under each bar: days as dd/mm (dd/mm/aa when they span years); names without the
 * words every label starts with ('Restaurante Demonstração Centro', '… Shopping' → 'Centro', 'Shopping'; never down to a bare number).
 * The tooltip keeps the whole label.
 */
export function rotulosCurtos(rotulos: readonly string[]): string[] {
  if (saoDatas(rotulos)) {
    const anos = new Set(rotulos.map((r) => r.slice(6)));
    return rotulos.map((r) => (anos.size === 1 ? r.slice(0, 5) : `${r.slice(0, 6)}${r.slice(8)}`));
  }
  if (rotulos.length < 2) return [...rotulos];
  const palavras = rotulos.map((r) => r.split(' '));
  let comuns = 0;
  while (palavras.every((p) => p.length > comuns + 1 && p[comuns] === palavras[0]![comuns])) comuns++;
  // 'Loja 1', 'Loja 2' rather than a bare '1', '2'.
  while (comuns > 0 && palavras.some((p) => /^\d+$/.test(p.slice(comuns).join(' ')))) comuns--;
  return comuns ? palavras.map((p) => p.slice(comuns).join(' ')) : [...rotulos];
}

/** Width of a label in the chart's 12 px text (an estimate on the wide side: digits and capitals). */
export const larguraDoRotulo = (texto: string): number => texto.length * 7 + 6;

/** Longest slanted label before an ellipsis (its whole text stays in the tooltip). */
export const LARGURA_MAXIMA_INCLINADO = 130;

/**
 * How the labels sit under `quantidade` bars in `largura` pixels: straight when the longest fits its
 * bar; days thinned to one every `aCada` (each shown whole); names slanted at 45° (one every `aCada`
 * only when even slanted they would touch).
 */
export function disposicaoDosRotulos(curtos: readonly string[], largura: number, sequencia: boolean): { inclinado: boolean; aCada: number } {
  const quantidade = Math.max(1, curtos.length);
  if (largura <= 0) return { inclinado: false, aCada: 1 };
  const vaga = largura / quantidade;
  const maior = Math.max(0, ...curtos.map(larguraDoRotulo));
  if (maior <= vaga) return { inclinado: false, aCada: 1 };
  if (sequencia) return { inclinado: false, aCada: Math.ceil((maior + 8) / vaga) };
  // Slanted lines 45° apart by a bar's width are vaga·sin 45° apart: at least a text line (18 px).
  return { inclinado: true, aCada: Math.max(1, Math.ceil(18 / (vaga * Math.SQRT1_2))) };
}
