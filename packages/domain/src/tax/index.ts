export * from './ibpt.ts';
export * from './codigosFiscais.ts';
export * from './pendenciasFiscais.ts';
