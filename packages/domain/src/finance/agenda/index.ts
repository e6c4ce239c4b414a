export * from './parcelas.ts';
export * from './titulo.ts';
export * from './calendario.ts';
