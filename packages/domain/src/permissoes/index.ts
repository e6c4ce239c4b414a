export * from './permissoes.ts';
export * from './telasPermissoes.ts';
