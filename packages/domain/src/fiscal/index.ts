export * from './nfe/index.ts';
export * from './dfe/dfe.ts';
