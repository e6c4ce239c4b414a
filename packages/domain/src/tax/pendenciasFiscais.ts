import { cClassTribDaCst, CST_PIS_SEM_ALIQUOTA, usaCsosn } from './codigosFiscais.ts';

/**
 * What a product's tax configuration still lacks before an NF-e/NFC-e can be issued with it, in
 * Portuguese, one finding per line ('Sem CST IBS/CBS'). For the product checker (correcaoProdutos) and
 * the product form. It reads stored records as they come from the API, so every field may be missing
 * (records written before a field existed); an empty list means nothing is missing.
 */
export interface ConfiguracaoEstadual {
  descricao?: string;
  ativo?: boolean;
  lixo?: boolean;
  icms?: readonly { uf?: string; cfop?: string | null; cst?: string | null; csosn?: string | null }[] | null;
  ipi?: { cst?: string | null; enquadramento?: string | null } | null;
  ibsCbs?: { cst?: string | null; cClassTrib?: string | null; aliquotaIbsUf?: string | number | null; aliquotaCbs?: string | number | null } | null;
}

export interface ConfiguracaoFederal {
  descricao?: string;
  ativo?: boolean;
  lixo?: boolean;
  cstPis?: string | null;
  cstCofins?: string | null;
  naturezaReceita?: string | null;
}

export interface ContextoFiscal {
  /** UF of the issuing company (its own row serves the NFC-e). */
  uf?: string | null;
  /** CRT of the issuing company: CSOSN for 1 and 4, CST for 2 and 3. */
  crt?: string | null;
}

/** Findings of the state configuration (ICMS, IPI, IBS/CBS). */
export function pendenciasEstadual(config: ConfiguracaoEstadual | null | undefined, contexto: ContextoFiscal = {}): string[] {
  if (!config) return ['Sem configuração de imposto estadual (ICMS)'];
  const achados: string[] = [];
  const nome = config.descricao ? `A configuração de imposto estadual ${config.descricao}` : 'A configuração de imposto estadual';
  if (config.lixo) achados.push(`${nome} está na lixeira`);
  else if (config.ativo === false) achados.push(`${nome} está inativa`);
  const linhas = config.icms ?? [];
  if (!linhas.length) achados.push('Sem ICMS de nenhuma UF');
  const { uf, crt } = contexto;
  if (uf && linhas.length && !linhas.some((l) => l.uf === uf)) achados.push(`Sem ICMS para ${uf}, a UF da empresa (a NFC-e usa esta linha)`);
  const simples = crt ? usaCsosn(crt) : undefined;
  for (const l of linhas) {
    const onde = `ICMS ${l.uf ?? '?'}`;
    if (!l.cfop) achados.push(`${onde}: sem CFOP`);
    else if (uf && l.uf === uf && !l.cfop.startsWith('5')) achados.push(`${onde}: CFOP ${l.cfop} não é de operação dentro do estado (5…), exigido na NFC-e`);
    if (!l.cst && !l.csosn) achados.push(`${onde}: sem CST/CSOSN`);
    else if (simples === true && !l.csosn) achados.push(`${onde}: empresa do Simples Nacional (CRT ${crt}) precisa de CSOSN, não de CST`);
    else if (simples === false && !l.cst) achados.push(`${onde}: empresa do regime normal (CRT ${crt}) precisa de CST, não de CSOSN`);
  }
  const ibsCbs = config.ibsCbs ?? {};
  if (!ibsCbs.cst) achados.push('Sem CST IBS/CBS');
  if (!ibsCbs.cClassTrib) achados.push('Sem cClassTrib');
  else if (ibsCbs.cst && !cClassTribDaCst(ibsCbs.cClassTrib, ibsCbs.cst)) achados.push(`cClassTrib ${ibsCbs.cClassTrib} não é da CST IBS/CBS ${ibsCbs.cst}`);
  if (config.ipi?.cst && !config.ipi.enquadramento) achados.push('IPI: sem enquadramento (cEnq)');
  return achados;
}

/** Findings of the federal configuration (PIS/COFINS). */
export function pendenciasFederal(config: ConfiguracaoFederal | null | undefined): string[] {
  if (!config) return ['Sem configuração de PIS/COFINS'];
  const achados: string[] = [];
  if (config.lixo) achados.push('A configuração de PIS/COFINS está na lixeira');
  else if (config.ativo === false) achados.push('A configuração de PIS/COFINS está inativa');
  if (!config.cstPis) achados.push('Sem CST do PIS');
  if (!config.cstCofins) achados.push('Sem CST da COFINS');
  const semAliquota = [config.cstPis, config.cstCofins].find((c) => c && CST_PIS_SEM_ALIQUOTA.includes(c));
  if (semAliquota && !config.naturezaReceita) achados.push(`Sem natureza da receita (CST ${semAliquota} do PIS/COFINS)`);
  return achados;
}

/** A reference that was not populated (an id) cannot be checked: a caller's mistake, said loudly. */
function populado<T>(valor: T | string | null | undefined, campo: string): T | null | undefined {
  if (typeof valor === 'string') throw new TypeError(`pendenciasFiscais: ${campo} veio como id; peça getPopulate com populate ${campo}.`);
  return valor;
}

/**
 * Everything a product's tax setup lacks for NF-e/NFC-e: the configuracaoImposto and the
 * configuracaoImpostoFederal a produtoGeralEmpresa references (its fields configuracaoImposto and
 * impostoFederal), populated; `null` or missing is "no configuration chosen".
 */
export function pendenciasFiscais(
  config: {
    configuracaoImposto?: ConfiguracaoEstadual | string | null;
    impostoFederal?: ConfiguracaoFederal | string | null;
    /** The same as impostoFederal, by the resource's name. */
    configuracaoImpostoFederal?: ConfiguracaoFederal | string | null;
  },
  contexto: ContextoFiscal = {},
): string[] {
  const estadual = populado(config.configuracaoImposto, 'configuracaoImposto');
  const federal = populado(config.impostoFederal ?? config.configuracaoImpostoFederal, 'impostoFederal');
  return [...pendenciasEstadual(estadual, contexto), ...pendenciasFederal(federal)];
}
