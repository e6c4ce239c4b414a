export * from './venda.ts';
export * from './curvaAbc.ts';
export * from './relatorios.ts';
