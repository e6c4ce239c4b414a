export * from './diasUteis.ts';
export * from './regras.ts';
export * from './antecipacao.ts';
export * from './pat.ts';
export * from './previsao.ts';
export * from './calendario.ts';
export * from './chargeback.ts';
export * from './chargebackNaPrevisao.ts';
