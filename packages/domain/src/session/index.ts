export * from './regrasSenha.ts';
export * from './schemas.ts';
