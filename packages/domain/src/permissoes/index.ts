export * from './permissoes.ts';
