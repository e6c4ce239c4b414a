import { taxaMensalAntecipacao } from '@retaguarda/domain';

/** part/total as a pt-BR percentage with one decimal, in integers (half up): 1234 of 5000 → '24,7'. */
export function percentualDe(parte: number, total: number): string {
  if (!total) return '0,0';
  const a = BigInt(Math.abs(parte));
  const b = BigInt(Math.abs(total));
  const milesimos = (a * 2000n + b) / (2n * b);
  return `${milesimos / 10n},${milesimos % 10n}`;
}

/** The effective monthly rate of an anticipation as '2,00 %' (hundredths of a percent, in integers); empty without one. */
export const taxaAntecipacaoDe = (v: { antecipacao: number; antecipacaoPrazo: number }): string => {
  const centesimos = v.antecipacao ? taxaMensalAntecipacao(v.antecipacao, v.antecipacaoPrazo) : null;
  return centesimos === null ? '' : `${Math.trunc(centesimos / 100)},${String(centesimos % 100).padStart(2, '0')} %`;
};
