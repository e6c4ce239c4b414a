export * from './tempoPreparo.ts';
