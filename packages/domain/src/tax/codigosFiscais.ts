/**
 * Code lists of the NF-e/NFC-e tax groups, as the official schema PL_010 (shared/schemas/nfe,
 * leiauteNFe_v4.00.xsd and DFeTiposBasicos_v1.00.xsd) enumerates them, with the names the manual gives.
 * A code outside these lists is refused on save, so an invoice is never built on a code SEFAZ rejects.
 */

type Tabela = Readonly<Record<string, string>>;
const codigos = <T extends Tabela>(tabela: T) => Object.keys(tabela) as [keyof T & string, ...(keyof T & string)[]];
/** '00' → '00 - Tributada integralmente', the label a select shows. */
const rotulos = (tabela: Tabela): Record<string, string> => Object.fromEntries(Object.entries(tabela).map(([c, n]) => [c, `${c} - ${n}`]));

/** CST of ICMS, regime normal (CRT 2 and 3). 02, 15, 53 and 61 are the monophasic fuel groups. */
export const tabelaCstIcms = {
  '00': 'Tributada integralmente',
  '02': 'Tributação monofásica própria sobre combustíveis',
  '10': 'Tributada e com cobrança do ICMS por substituição tributária',
  '15': 'Tributação monofásica própria e com responsabilidade pela retenção sobre combustíveis',
  '20': 'Com redução de base de cálculo',
  '30': 'Isenta ou não tributada e com cobrança do ICMS por substituição tributária',
  '40': 'Isenta',
  '41': 'Não tributada',
  '50': 'Suspensão',
  '51': 'Diferimento',
  '53': 'Tributação monofásica sobre combustíveis com recolhimento diferido',
  '60': 'ICMS cobrado anteriormente por substituição tributária',
  '61': 'Tributação monofásica sobre combustíveis cobrada anteriormente',
  '70': 'Com redução de base de cálculo e cobrança do ICMS por substituição tributária',
  '90': 'Outras',
} as const;

/** CSOSN of ICMS, Simples Nacional (CRT 1 and 4). */
export const tabelaCsosn = {
  '101': 'Tributada pelo Simples Nacional com permissão de crédito',
  '102': 'Tributada pelo Simples Nacional sem permissão de crédito',
  '103': 'Isenção do ICMS no Simples Nacional para faixa de receita bruta',
  '201': 'Tributada com permissão de crédito e com cobrança do ICMS por substituição tributária',
  '202': 'Tributada sem permissão de crédito e com cobrança do ICMS por substituição tributária',
  '203': 'Isenção para faixa de receita bruta e com cobrança do ICMS por substituição tributária',
  '300': 'Imune',
  '400': 'Não tributada pelo Simples Nacional',
  '500': 'ICMS cobrado anteriormente por substituição tributária ou por antecipação',
  '900': 'Outros',
} as const;

/** modBC: how the ICMS base is found. */
export const tabelaModBc = {
  '0': 'Margem de valor agregado (%)',
  '1': 'Pauta (valor)',
  '2': 'Preço tabelado máximo (valor)',
  '3': 'Valor da operação',
} as const;

/** modBCST: how the ICMS ST base is found. */
export const tabelaModBcSt = {
  '0': 'Preço tabelado ou máximo sugerido',
  '1': 'Lista negativa (valor)',
  '2': 'Lista positiva (valor)',
  '3': 'Lista neutra (valor)',
  '4': 'Margem de valor agregado (%)',
  '5': 'Pauta (valor)',
  '6': 'Valor da operação',
} as const;

/** CST of IPI: 00–49 entries, 50–99 exits (IPITrib 00/49/50/99, IPINT the others). */
export const tabelaCstIpi = {
  '00': 'Entrada com recuperação de crédito',
  '01': 'Entrada tributada com alíquota zero',
  '02': 'Entrada isenta',
  '03': 'Entrada não tributada',
  '04': 'Entrada imune',
  '05': 'Entrada com suspensão',
  '49': 'Outras entradas',
  '50': 'Saída tributada',
  '51': 'Saída tributada com alíquota zero',
  '52': 'Saída isenta',
  '53': 'Saída não tributada',
  '54': 'Saída imune',
  '55': 'Saída com suspensão',
  '99': 'Outras saídas',
} as const;
/** IPI CSTs whose group (IPITrib) carries a rate; the others go in IPINT, without one. */
export const CST_IPI_TRIBUTADO: readonly string[] = ['00', '49', '50', '99'];

/** CST of PIS and COFINS (the same table). */
export const tabelaCstPisCofins = {
  '01': 'Operação tributável com alíquota básica',
  '02': 'Operação tributável com alíquota diferenciada',
  '03': 'Operação tributável com alíquota por unidade de medida de produto',
  '04': 'Operação tributável monofásica, revenda a alíquota zero',
  '05': 'Operação tributável por substituição tributária',
  '06': 'Operação tributável a alíquota zero',
  '07': 'Operação isenta da contribuição',
  '08': 'Operação sem incidência da contribuição',
  '09': 'Operação com suspensão da contribuição',
  '49': 'Outras operações de saída',
  '50': 'Operação com direito a crédito, receita tributada no mercado interno',
  '51': 'Operação com direito a crédito, receita não tributada no mercado interno',
  '52': 'Operação com direito a crédito, receita de exportação',
  '53': 'Operação com direito a crédito, receitas tributadas e não tributadas no mercado interno',
  '54': 'Operação com direito a crédito, receitas tributadas no mercado interno e de exportação',
  '55': 'Operação com direito a crédito, receitas não tributadas no mercado interno e de exportação',
  '56': 'Operação com direito a crédito, receitas tributadas e não tributadas no mercado interno e de exportação',
  '60': 'Crédito presumido, aquisição vinculada a receita tributada no mercado interno',
  '61': 'Crédito presumido, aquisição vinculada a receita não tributada no mercado interno',
  '62': 'Crédito presumido, aquisição vinculada a receita de exportação',
  '63': 'Crédito presumido, aquisição vinculada a receitas tributadas e não tributadas no mercado interno',
  '64': 'Crédito presumido, aquisição vinculada a receitas tributadas no mercado interno e de exportação',
  '65': 'Crédito presumido, aquisição vinculada a receitas não tributadas no mercado interno e de exportação',
  '66': 'Crédito presumido, aquisição vinculada a receitas tributadas e não tributadas no mercado interno e de exportação',
  '67': 'Crédito presumido, outras operações',
  '70': 'Operação de aquisição sem direito a crédito',
  '71': 'Operação de aquisição com isenção',
  '72': 'Operação de aquisição com suspensão',
  '73': 'Operação de aquisição a alíquota zero',
  '74': 'Operação de aquisição sem incidência da contribuição',
  '75': 'Operação de aquisição por substituição tributária',
  '98': 'Outras operações de entrada',
  '99': 'Outras operações',
} as const;
/** PIS/COFINS CSTs without a rate (PISNT/COFINSNT) that need the natureza da receita (EFD-Contribuições, tables 4.3.10–4.3.16). */
export const CST_PIS_SEM_ALIQUOTA: readonly string[] = ['04', '05', '06', '07', '08', '09'];
/** PIS/COFINS CSTs taxed at a percentage (PISAliq). */
export const CST_PIS_COM_ALIQUOTA: readonly string[] = ['01', '02'];
/** PIS/COFINS CSTs taxed in reais per unit sold (PISQtde/COFINSQtde: qBCProd × vAliqProd). */
export const CST_PIS_POR_UNIDADE: readonly string[] = ['03'];

/**
 * CST of IBS/CBS (tax reform, LC 214/2025), from the table of Informe Técnico 2024.001 (ENCAT); the
 * XSD only fixes three digits, so the names are those of that table.
 */
export const tabelaCstIbsCbs = {
  '000': 'Tributação integral',
  '010': 'Tributação com alíquotas uniformes',
  '011': 'Tributação com alíquotas uniformes reduzidas',
  '200': 'Alíquota reduzida',
  '220': 'Alíquota fixa',
  '221': 'Alíquota fixa proporcional',
  '222': 'Redução de base de cálculo',
  '400': 'Isenção',
  '410': 'Imunidade e não incidência',
  '510': 'Diferimento',
  '515': 'Diferimento com redução de alíquota',
  '550': 'Suspensão',
  '620': 'Tributação monofásica',
  '800': 'Transferência de crédito',
  '810': 'Ajuste de IBS na ZFM',
  '811': 'Ajustes',
  '820': 'Tributação em declaração de regime específico',
  '830': 'Exclusão da base de cálculo',
} as const;

/** cClassTrib: six digits whose first three are its CST ('000001' is of CST 000). */
export const CCLASSTRIB = /^\d{6}$/;
export const cClassTribDaCst = (cClassTrib: string, cst: string): boolean => cClassTrib.slice(0, 3) === cst;

/** CFOP of an exit: 5 inside the state, 6 to another state, 7 abroad (SINIEF CFOP table). */
export const CFOP_SAIDA = /^[567]\d{3}$/;

export const cstsIcms = codigos(tabelaCstIcms);
export const csosns = codigos(tabelaCsosn);
export const modsBc = codigos(tabelaModBc);
export const modsBcSt = codigos(tabelaModBcSt);
export const cstsIpi = codigos(tabelaCstIpi);
export const cstsPisCofins = codigos(tabelaCstPisCofins);
export const cstsIbsCbs = codigos(tabelaCstIbsCbs);

export const rotulosCstIcms = rotulos(tabelaCstIcms);
export const rotulosCsosn = rotulos(tabelaCsosn);
export const rotulosModBc = rotulos(tabelaModBc);
export const rotulosModBcSt = rotulos(tabelaModBcSt);
export const rotulosCstIpi = rotulos(tabelaCstIpi);
export const rotulosCstPisCofins = rotulos(tabelaCstPisCofins);
export const rotulosCstIbsCbs = rotulos(tabelaCstIbsCbs);

/** ICMS CSTs / CSOSNs that carry substitution (ST) and so need modBCST and the ST rate. */
export const CST_COM_ST: readonly string[] = ['10', '30', '70', '201', '202', '203'];
/** ICMS CSTs with a reduced base: pRedBC required. */
export const CST_COM_REDUCAO: readonly string[] = ['20', '70'];
/** ICMS CSTs whose group requires the own rate (pICMS). */
export const CST_COM_ALIQUOTA: readonly string[] = ['00', '10', '20', '70'];

/**
 * Which ICMS code a company uses, by its CRT: CSOSN for Simples Nacional (1) and MEI (4), CST for
 * Simples over the sub-limit (2, which pays ICMS by the normal rules) and the regime normal (3).
 */
export const usaCsosn = (crt: string | null | undefined): boolean => crt === '1' || crt === '4';

/**
 * The 2026 test year of the reform (LC 214/2025 arts. 343 and 346): CBS 0,9%, IBS 0,1% (state part;
 * municipal 0%). Shown on the invoice and offset against PIS/COFINS, not paid by who keeps the
 * obligations; Simples Nacional companies are not subject to it in 2026. From 2027 the rates change
 * by law: revise then.
 */
export const ALIQUOTAS_TESTE_2026 = { cbs: '0.9000', ibsUf: '0.1000', ibsMun: '0.0000' } as const;
