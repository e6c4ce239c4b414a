export * from './listas.ts';
export * from './ufs.ts';
