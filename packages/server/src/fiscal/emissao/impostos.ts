import { CST_PIS_COM_ALIQUOTA, CST_PIS_SEM_ALIQUOTA, usaCsosn } from '@retaguarda/domain';

/**
 * The taxes of one item of an issued NF-e, from the product's tax configuration (configuracaoImposto's
 * line for the destination UF, configuracaoImpostoFederal), all in integer centavos. Rates are the
 * configuration's exact decimals ('18.0000'); each value is rounded half up to the centavo once, and the
 * totals are the sums of the items' rounded values, so ICMSTot and IBSCBSTot reconcile to the centavo.
 */
export interface LinhaIcmsConfig {
  uf: string;
  cfop: string;
  cst: string | null;
  csosn: string | null;
  modBc?: string;
  aliquota?: string;
  reducaoBase?: string;
  modBcSt?: string | null;
  mva?: string;
  aliquotaSt?: string;
  reducaoBaseSt?: string;
}

export interface ConfigImpostoItem {
  icms: LinhaIcmsConfig;
  ipi?: { cst: string | null; enquadramento?: string; aliquota?: string } | null;
  ibsCbs?: { cst: string | null; cClassTrib: string | null; aliquotaIbsUf?: string; aliquotaIbsMun?: string; aliquotaCbs?: string } | null;
  federal: { cstPis: string; aliquotaPis?: string; cstCofins: string; aliquotaCofins?: string };
}

export interface IcmsItem {
  /** ICMS00, ICMS10, …, ICMSSN102, … (the XML group). */
  grupo: string;
  orig: string;
  cst: string | null;
  csosn: string | null;
  modBC: string;
  vBC: number;
  pICMS: string;
  vICMS: number;
  pRedBC: string;
  /** CSOSN 101/201: the Simples credit. */
  pCredSN: string;
  vCredICMSSN: number;
  st: { modBCST: string; pMVAST: string; pRedBCST: string; vBCST: number; pICMSST: string; vICMSST: number } | null;
}

export interface ImpostosItem {
  icms: IcmsItem;
  ipi: { cEnq: string; cst: string; tributado: boolean; vBC: number; pIPI: string; vIPI: number } | null;
  pis: { cst: string; vBC: number; p: string; v: number };
  cofins: { cst: string; vBC: number; p: string; v: number };
  ibsCbs: { cst: string; cClassTrib: string; vBC: number; pIBSUF: string; vIBSUF: number; pIBSMun: string; vIBSMun: number; pCBS: string; vCBS: number; comValores: boolean } | null;
}

const escala4 = (p: string | undefined): bigint => {
  const [i = '0', f = ''] = (p ?? '0').split('.');
  return BigInt(i) * 10_000n + BigInt((f + '0000').slice(0, 4));
};

/** base (centavos) × rate% rounded half up to the centavo. */
export function percentual(base: number, taxa: string | undefined): number {
  const n = BigInt(base) * escala4(taxa);
  return Number((n + 500_000n) / 1_000_000n);
}

/** base × (1 − reduction%), rounded to the centavo. */
const reduzir = (base: number, reducao: string | undefined) => base - percentual(base, reducao);

export const taxa4 = (p: string | undefined): string => {
  const v = escala4(p);
  return `${v / 10_000n}.${String(v % 10_000n).padStart(4, '0')}`;
};

const GRUPO_CST: Record<string, string> = { '00': 'ICMS00', '10': 'ICMS10', '20': 'ICMS20', '30': 'ICMS30', '40': 'ICMS40', '41': 'ICMS40', '50': 'ICMS40', '51': 'ICMS51', '60': 'ICMS60', '70': 'ICMS70', '90': 'ICMS90' };
const GRUPO_CSOSN: Record<string, string> = { '101': 'ICMSSN101', '102': 'ICMSSN102', '103': 'ICMSSN102', '300': 'ICMSSN102', '400': 'ICMSSN102', '201': 'ICMSSN201', '202': 'ICMSSN202', '203': 'ICMSSN202', '500': 'ICMSSN500', '900': 'ICMSSN900' };
const COM_ICMS_PROPRIO = new Set(['00', '10', '20', '70']);
const COM_ST = new Set(['10', '30', '70', '201', '202', '203']);
/** CST IBS/CBS without a tax to show (immunity, non-incidence): the group carries only CST and cClassTrib. */
const IBSCBS_SEM_VALORES = (cst: string) => cst.startsWith('4');

/**
 * Computes one item. `valor` is vProd (centavos); `crt` the issuer's regime (CSOSN for 1 and 4). IPI is
 * computed first because it enters the ST base; ICMS ST = base ST × rate − own ICMS.
 */
export function calcularImpostos(valor: number, config: ConfigImpostoItem, crt: string, orig = '0'): ImpostosItem {
  const simples = usaCsosn(crt);
  const ipiCfg = config.ipi?.cst ? config.ipi : null;
  const ipiTributado = !!ipiCfg && ['00', '49', '50', '99'].includes(ipiCfg.cst!);
  const vIPI = ipiTributado ? percentual(valor, ipiCfg!.aliquota) : 0;
  const ipi = ipiCfg ? { cEnq: ipiCfg.enquadramento ?? '999', cst: ipiCfg.cst!, tributado: ipiTributado, vBC: ipiTributado ? valor : 0, pIPI: taxa4(ipiCfg.aliquota), vIPI } : null;

  const l = config.icms;
  const codigo = simples ? (l.csosn ?? '102') : (l.cst ?? '90');
  const grupo = (simples ? GRUPO_CSOSN : GRUPO_CST)[codigo] ?? (simples ? 'ICMSSN900' : 'ICMS90');
  const proprio = !simples && COM_ICMS_PROPRIO.has(codigo);
  const vBC = proprio ? (codigo === '20' || codigo === '70' ? reduzir(valor, l.reducaoBase) : valor) : 0;
  const vICMS = proprio ? percentual(vBC, l.aliquota) : 0;
  let st: IcmsItem['st'] = null;
  if (COM_ST.has(codigo)) {
    const baseSt = reduzir(valor + vIPI + percentual(valor + vIPI, l.mva), l.reducaoBaseSt);
    // Simples (201/202/203): the "own" ICMS deducted is the one an ordinary seller would have paid.
    const deduzir = simples ? percentual(valor, l.aliquota) : vICMS;
    st = { modBCST: l.modBcSt ?? '4', pMVAST: taxa4(l.mva), pRedBCST: taxa4(l.reducaoBaseSt), vBCST: baseSt, pICMSST: taxa4(l.aliquotaSt), vICMSST: Math.max(0, percentual(baseSt, l.aliquotaSt) - deduzir) };
  }
  const credito = codigo === '101' || codigo === '201';
  const icms: IcmsItem = {
    grupo,
    orig,
    cst: simples ? null : codigo,
    csosn: simples ? codigo : null,
    modBC: l.modBc ?? '3',
    vBC,
    pICMS: taxa4(l.aliquota),
    vICMS,
    pRedBC: taxa4(l.reducaoBase),
    pCredSN: credito ? taxa4(l.aliquota) : '0.0000',
    vCredICMSSN: credito ? percentual(valor, l.aliquota) : 0,
    st,
  };

  const contribuicao = (cst: string, aliquota: string | undefined) => {
    const comBase = CST_PIS_COM_ALIQUOTA.includes(cst) || (!CST_PIS_SEM_ALIQUOTA.includes(cst) && cst !== '03');
    return { cst, vBC: comBase ? valor : 0, p: taxa4(comBase ? aliquota : '0'), v: comBase ? percentual(valor, aliquota) : 0 };
  };
  const pis = contribuicao(config.federal.cstPis, config.federal.aliquotaPis);
  const cofins = contribuicao(config.federal.cstCofins, config.federal.aliquotaCofins);

  // IBS/CBS (2026 test year): the Simples is outside it. Base per NT 2025.002: the value without ICMS,
  // PIS and COFINS (to confirm against the NT's final text when the rates stop being symbolic).
  let ibsCbs: ImpostosItem['ibsCbs'] = null;
  const cfg = config.ibsCbs;
  if (!simples && cfg?.cst && cfg.cClassTrib) {
    const comValores = !IBSCBS_SEM_VALORES(cfg.cst);
    const base = comValores ? valor - vICMS - pis.v - cofins.v : 0;
    ibsCbs = {
      cst: cfg.cst,
      cClassTrib: cfg.cClassTrib,
      comValores,
      vBC: base,
      pIBSUF: taxa4(cfg.aliquotaIbsUf),
      vIBSUF: comValores ? percentual(base, cfg.aliquotaIbsUf) : 0,
      pIBSMun: taxa4(cfg.aliquotaIbsMun),
      vIBSMun: comValores ? percentual(base, cfg.aliquotaIbsMun) : 0,
      pCBS: taxa4(cfg.aliquotaCbs),
      vCBS: comValores ? percentual(base, cfg.aliquotaCbs) : 0,
    };
  }
  return { icms, ipi, pis, cofins, ibsCbs };
}

export interface TotaisNfe {
  vBC: number;
  vICMS: number;
  vBCST: number;
  vST: number;
  vProd: number;
  vIPI: number;
  vPIS: number;
  vCOFINS: number;
  vNF: number;
  vBCIBSCBS: number;
  vIBSUF: number;
  vIBSMun: number;
  vIBS: number;
  vCBS: number;
  temIbsCbs: number;
}

/** ICMSTot and IBSCBSTot as sums of the items; vNF = vProd + vST + vIPI (no freight, insurance nor discount on these notes). */
export function totalizar(itens: readonly { valor: number; impostos: ImpostosItem }[]): TotaisNfe {
  const t: TotaisNfe = { vBC: 0, vICMS: 0, vBCST: 0, vST: 0, vProd: 0, vIPI: 0, vPIS: 0, vCOFINS: 0, vNF: 0, vBCIBSCBS: 0, vIBSUF: 0, vIBSMun: 0, vIBS: 0, vCBS: 0, temIbsCbs: 0 };
  for (const { valor, impostos: i } of itens) {
    t.vProd += valor;
    t.vBC += i.icms.vBC;
    t.vICMS += i.icms.vICMS;
    t.vBCST += i.icms.st?.vBCST ?? 0;
    t.vST += i.icms.st?.vICMSST ?? 0;
    t.vIPI += i.ipi?.vIPI ?? 0;
    t.vPIS += i.pis.v;
    t.vCOFINS += i.cofins.v;
    if (i.ibsCbs) {
      t.temIbsCbs = 1;
      t.vBCIBSCBS += i.ibsCbs.vBC;
      t.vIBSUF += i.ibsCbs.vIBSUF;
      t.vIBSMun += i.ibsCbs.vIBSMun;
      t.vCBS += i.ibsCbs.vCBS;
    }
  }
  t.vIBS = t.vIBSUF + t.vIBSMun;
  t.vNF = t.vProd + t.vST + t.vIPI;
  return t;
}
