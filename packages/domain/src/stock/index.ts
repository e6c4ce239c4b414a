export * from './custoMedio.ts';
export * from './movimento.ts';
