export * from './cnpj.ts';
export * from './cpf.ts';
export * from './gtin.ts';
export * from './ncm.ts';
export * from './chaveAcesso.ts';
