export * from './nfe/index.ts';
