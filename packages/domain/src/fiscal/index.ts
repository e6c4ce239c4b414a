export * from './nfe/index.ts';
export * from './dfe/dfe.ts';
export * from './exportacao/exportacao.ts';
export * from './eventos/eventosEmitente.ts';
export * from './emissao/emissao.ts';
