export * from './grupoEmpresarial.ts';
export * from './empresa.ts';
export * from './pessoa.ts';
export * from './usuario.ts';
export * from './sessao.ts';
export * from './chaveSenha.ts';
export * from './emailSaida.ts';
export * from './registro.ts';
