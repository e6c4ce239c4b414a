import {
  cClassTribDaCst,
  CST_COM_ALIQUOTA,
  CST_COM_REDUCAO,
  CST_COM_ST,
  CST_IPI_TRIBUTADO,
  CST_PIS_COM_ALIQUOTA,
  CST_PIS_POR_UNIDADE,
  CST_PIS_SEM_ALIQUOTA,
} from '../../tax/codigosFiscais.ts';
import { ehZero } from './campos.ts';

/** The fields of one ICMS row the rules read (validated values: rates are canonical strings). */
export interface LinhaIcms {
  uf: string;
  cfop: string;
  cst: string | null;
  csosn: string | null;
  aliquota: string;
  reducaoBase: string;
  modBcSt: string | null;
  mva: string;
  aliquotaSt: string;
}

interface DadosImposto {
  icms: readonly LinhaIcms[];
  ipi: { cst: string | null; aliquota: string };
  ibsCbs: { cst: string | null; cClassTrib: string | null };
}

type Erro<C extends string> = { campo: C; mensagem: string };

/** What a row's CST or CSOSN asks of the other fields (ST, base reduction, own rate). */
function regrasDaLinha(l: LinhaIcms, i: number): Erro<`icms.${number}.${string}`>[] {
  const erros: Erro<`icms.${number}.${string}`>[] = [];
  const campo = (nome: string) => `icms.${i}.${nome}` as const;
  if (l.cst && l.csosn) erros.push({ campo: campo('csosn'), mensagem: 'Informe o CST ou o CSOSN, não os dois (o regime da empresa decide).' });
  const codigo = l.cst ?? l.csosn;
  if (!codigo) {
    erros.push({ campo: campo('cst'), mensagem: 'Informe o CST (regime normal) ou o CSOSN (Simples Nacional).' });
    return erros;
  }
  const nome = l.cst ? `CST ${codigo}` : `CSOSN ${codigo}`;
  if (CST_COM_ALIQUOTA.includes(codigo) && ehZero(l.aliquota)) erros.push({ campo: campo('aliquota'), mensagem: `Informe a alíquota do ICMS (${nome} é tributado).` });
  if (CST_COM_REDUCAO.includes(codigo) && ehZero(l.reducaoBase)) erros.push({ campo: campo('reducaoBase'), mensagem: `Informe a redução da base (${nome} tem base reduzida).` });
  if (CST_COM_ST.includes(codigo)) {
    if (!l.modBcSt) erros.push({ campo: campo('modBcSt'), mensagem: `Informe a modalidade da base do ST (${nome} tem substituição tributária).` });
    else if (l.modBcSt === '4' && ehZero(l.mva)) erros.push({ campo: campo('mva'), mensagem: 'Informe a MVA (modalidade 4, margem de valor agregado).' });
    if (ehZero(l.aliquotaSt)) erros.push({ campo: campo('aliquotaSt'), mensagem: `Informe a alíquota do ICMS ST (${nome} tem substituição tributária).` });
  }
  return erros;
}

/** Rules across the fields of configuracaoImposto, run after the schema (server and form alike). */
export function regrasConfiguracaoImposto(d: DadosImposto) {
  const erros: Erro<`icms.${string}` | `ipi.${string}` | `ibsCbs.${string}`>[] = [];
  const vistas = new Set<string>();
  d.icms.forEach((linha, i) => {
    if (vistas.has(linha.uf)) erros.push({ campo: `icms.${i}.uf`, mensagem: `A UF ${linha.uf} aparece mais de uma vez.` });
    vistas.add(linha.uf);
    erros.push(...regrasDaLinha(linha, i));
  });
  if (d.ipi.cst === '50' && ehZero(d.ipi.aliquota)) erros.push({ campo: 'ipi.aliquota', mensagem: 'Informe a alíquota do IPI (CST 50, saída tributada).' });
  if (d.ipi.cst && !CST_IPI_TRIBUTADO.includes(d.ipi.cst) && !ehZero(d.ipi.aliquota)) {
    erros.push({ campo: 'ipi.aliquota', mensagem: `O CST ${d.ipi.cst} do IPI não tem alíquota: deixe 0.` });
  }
  const { cst, cClassTrib } = d.ibsCbs;
  if (cClassTrib && !cst) erros.push({ campo: 'ibsCbs.cst', mensagem: 'Informe a CST IBS/CBS do cClassTrib.' });
  if (cClassTrib && cst && !cClassTribDaCst(cClassTrib, cst)) {
    erros.push({ campo: 'ibsCbs.cClassTrib', mensagem: `O cClassTrib ${cClassTrib} não é da CST ${cst}: os três primeiros dígitos são a CST.` });
  }
  return erros;
}

interface DadosFederal {
  cstPis: string;
  aliquotaPis: string;
  cstCofins: string;
  aliquotaCofins: string;
  /** Absent in records written before CST 03 was accepted. */
  valorPisPorUnidade?: string;
  valorCofinsPorUnidade?: string;
  naturezaReceita: string | null;
}

/**
 * Rules of configuracaoImpostoFederal: a percentage where the CST charges one (01, 02), a value in
 * reais per unit where it charges by quantity (03), neither where it charges nothing.
 */
export function regrasConfiguracaoImpostoFederal(d: DadosFederal) {
  const erros: Erro<'aliquotaPis' | 'aliquotaCofins' | 'valorPisPorUnidade' | 'valorCofinsPorUnidade' | 'naturezaReceita'>[] = [];
  for (const [tributo, cst, campo, valor, campoUnidade, porUnidade] of [
    ['do PIS', d.cstPis, 'aliquotaPis', d.aliquotaPis, 'valorPisPorUnidade', d.valorPisPorUnidade],
    ['da COFINS', d.cstCofins, 'aliquotaCofins', d.aliquotaCofins, 'valorCofinsPorUnidade', d.valorCofinsPorUnidade],
  ] as const) {
    if (CST_PIS_COM_ALIQUOTA.includes(cst) && ehZero(valor)) erros.push({ campo, mensagem: `Informe a alíquota ${tributo} (CST ${cst} é tributável).` });
    if (CST_PIS_SEM_ALIQUOTA.includes(cst) && !ehZero(valor)) erros.push({ campo, mensagem: `A CST ${cst} não tem alíquota ${tributo}: deixe 0.` });
    if (CST_PIS_POR_UNIDADE.includes(cst)) {
      if (ehZero(porUnidade)) erros.push({ campo: campoUnidade, mensagem: `Informe o valor ${tributo} por unidade em reais (CST ${cst} é tributada por quantidade).` });
      if (!ehZero(valor)) erros.push({ campo, mensagem: `A CST ${cst} cobra por unidade, não por percentual: deixe a alíquota ${tributo} em 0.` });
    } else if (!ehZero(porUnidade)) {
      erros.push({ campo: campoUnidade, mensagem: `O valor por unidade é só da CST 03: deixe o valor ${tributo} por unidade em 0.` });
    }
  }
  const semAliquota = [d.cstPis, d.cstCofins].find((c) => CST_PIS_SEM_ALIQUOTA.includes(c));
  if (semAliquota && !d.naturezaReceita) {
    erros.push({ campo: 'naturezaReceita', mensagem: `Informe a natureza da receita (obrigatória na EFD-Contribuições com a CST ${semAliquota}).` });
  }
  return erros;
}
