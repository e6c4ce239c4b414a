export * from './venda.ts';
export * from './curvaAbc.ts';
