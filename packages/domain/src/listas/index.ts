export * from './listas.ts';
export * from './ufs.ts';
export * from './ddd.ts';
