export * from './regrasSenha.ts';
export * from './schemas.ts';
export * from './sessao.ts';
