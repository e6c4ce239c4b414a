export * from './catalogue.ts';
export * from './define.ts';
export { canaisVenda, type CanalVenda } from './registration/canais.ts';
export { CODIGO_CUPOM, gerarLoteBody, LOTE_MAXIMO, type GerarLoteBody } from './registration/voucherECupomDesconto.ts';
