export * from './custoMedio.ts';
export * from './movimento.ts';
export * from './fichaTecnica.ts';
export * from './inventario.ts';
export * from './respostas.ts';
export * from './relatoriosDocumentos.ts';
export * from './producao.ts';
export * from './vendaInsumos.ts';
