export * from './valores.ts';
export * from './nfe.ts';
export * from './custoEntrada.ts';
export * from './entrada.ts';
