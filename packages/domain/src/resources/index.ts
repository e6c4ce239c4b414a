export * from './catalogue.ts';
export * from './define.ts';
export { canaisVenda, type CanalVenda } from './registration/canais.ts';
export { CODIGO_CUPOM, gerarLoteBody, LOTE_MAXIMO, type GerarLoteBody } from './registration/voucherECupomDesconto.ts';
export * from './registration/documento.ts';
export * from './registration/endereco.ts';
export { ambientesFiscais, certificadoResumoSchema, configuracoesEmpresaPadraoRecurso, crts, rotulosCrt, type CertificadoResumo, type ConfiguracoesEmpresaRecurso } from './registration/empresa.ts';
export { configuracoesGrupoPadrao, fusosHorarios } from './registration/grupoEmpresarial.ts';
export * from './registration/empresaSimplificado.ts';
