export * from './constants.ts';
export * from './envelope.ts';
export * from './messages.ts';
export * from './decimal.ts';
export * from './texto.ts';
export * from './decodificacao.ts';
export * from './dinheiro.ts';
export * from './datas.ts';
