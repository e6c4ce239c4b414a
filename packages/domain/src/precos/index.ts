export * from './percentual.ts';
export * from './vigencia.ts';
export * from './promocao.ts';
export * from './tabelaVenda.ts';
export * from './combo.ts';
export * from './transferencia.ts';
