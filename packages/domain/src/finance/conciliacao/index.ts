export * from './casamento.ts';
export * from './api.ts';
