export * from './casamento.ts';
export * from './api.ts';
export * from './antecipacao.ts';
