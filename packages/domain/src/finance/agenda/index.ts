export * from './parcelas.ts';
export * from './titulo.ts';
