export * from './venda.ts';
export * from './curvaAbc.ts';
export * from './relatorios.ts';
export * from './conjuntosDeDados.ts';
export * from './relatorioCriado.ts';
export * from './documentoFiscal.ts';
