export * from './valores.ts';
export * from './nfe.ts';
export * from './custoEntrada.ts';
export * from './entrada.ts';
export { lerXml, filho, filhos, buscar, buscarTodos, textoDe, ErroXml, type ElementoXml } from './xml.ts';
