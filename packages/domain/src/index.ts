export * from './navigation/index.ts';
export * from './session/index.ts';
export * from './shared/index.ts';
export * from './documents/index.ts';
export * from './listas/index.ts';
export * from './resources/index.ts';
export * from './tax/index.ts';
export * from './permissoes/index.ts';
