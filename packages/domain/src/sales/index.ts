export * from './venda.ts';
