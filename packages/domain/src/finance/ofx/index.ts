export * from './erro.ts';
export * from './extrato.ts';
export { centavosOfx, dataOfx } from './valores.ts';
export * from './conta.ts';
export * from './escrita.ts';
