export * from './aging.ts';
export * from './resumo.ts';
export * from './taxasCartao.ts';
export * from './rateio.ts';
