import { montarChaveAcesso, NS_NFE, ufs, type TipoNotaEmitida } from '@retaguarda/domain';
import type { ImpostosItem, TotaisNfe } from './impostos.ts';

/**
 * The infNFe of an NF-e model 55, layout 4.00 with the PL_010 groups (IBSCBS, IBSCBSTot), already in
 * canonical form (C14N: no whitespace between elements, the namespace declared on infNFe, attributes in
 * order), so the signature's digest is of exactly these bytes (assinatura.ts).
 */
export interface EnderecoNfe {
  logradouro: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
  codigoMunicipio: string;
  municipio: string;
  uf: string;
  cep?: string | null;
}

export interface ParticipanteNfe {
  /** CNPJ (14, may hold letters since PL_010) or CPF (11). */
  documento: string;
  nome: string;
  ie: string | null;
  endereco: EnderecoNfe;
}

export interface ItemNfe {
  codigo: string;
  gtin: string | null;
  descricao: string;
  ncm: string;
  cfop: string;
  unidade: string;
  /** Up to 4 decimals. */
  quantidade: string;
  /** Up to 10 decimals. */
  valorUnitario: string;
  /** vProd in centavos. */
  valor: number;
  impostos: ImpostosItem;
}

export interface DadosNfe {
  tipo: TipoNotaEmitida;
  naturezaOperacao: string;
  serie: number;
  numero: number;
  /** cNF, 8 digits, never equal to the number. */
  codigo: number;
  /** dhEmi, 'AAAA-MM-DDThh:mm:ss-03:00'. */
  emissao: string;
  tpAmb: '1' | '2';
  emitente: ParticipanteNfe & { fantasia: string | null; crt: string };
  destinatario: ParticipanteNfe;
  itens: readonly ItemNfe[];
  totais: TotaisNfe;
  /** The received note a devolução returns (refNFe). */
  referencia: string | null;
  informacoesComplementares: string | null;
}

/** The CFOP of the operation by whether the recipient is in the issuer's UF (5…) or another (6…). */
export function cfopDaOperacao(tipo: TipoNotaEmitida, mesmaUf: boolean): string {
  const base = { transferencia: '152', devolucao: '202', venda: '102' }[tipo];
  return `${mesmaUf ? '5' : '6'}${base}`;
}

const HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

export function escaparXml(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\s+/g, ' ').trim();
}

const e = (nome: string, valor: string | number | null | undefined): string => (valor === null || valor === undefined || valor === '' ? '' : `<${nome}>${typeof valor === 'number' ? valor : escaparXml(valor)}</${nome}>`);
/** Centavos as the layout's decimal with 2 places. */
export const dec2 = (centavos: number): string => `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, '0')}`;
const v = (nome: string, centavos: number) => `<${nome}>${dec2(centavos)}</${nome}>`;
const decimais = (texto: string, casas: number) => {
  const [i = '0', f = ''] = texto.split('.');
  return `${BigInt(i)}.${(f + '0'.repeat(casas)).slice(0, casas)}`;
};

const codigoUf = (uf: string) => ufs.find((u) => u.sigla === uf)?.codigo ?? 0;

/** The access key of the note (the domain's montarChaveAcesso computes its check digit). */
export function chaveDaNota(d: Pick<DadosNfe, 'serie' | 'numero' | 'codigo' | 'emissao'> & { emitente: { documento: string; endereco: { uf: string } } }): string {
  return montarChaveAcesso({
    cUF: codigoUf(d.emitente.endereco.uf),
    anoMes: `${d.emissao.slice(2, 4)}${d.emissao.slice(5, 7)}`,
    emitente: d.emitente.documento,
    modelo: '55',
    serie: d.serie,
    numero: d.numero,
    tpEmis: '1',
    codigo: d.codigo,
  });
}

function endereco(tag: 'enderEmit' | 'enderDest', x: EnderecoNfe): string {
  return `<${tag}>${e('xLgr', x.logradouro)}${e('nro', x.numero)}${e('xCpl', x.complemento)}${e('xBairro', x.bairro)}${e('cMun', x.codigoMunicipio)}${e('xMun', x.municipio)}${e('UF', x.uf)}${e('CEP', x.cep)}<cPais>1058</cPais><xPais>Brasil</xPais></${tag}>`;
}

const documento = (doc: string) => (doc.length === 11 ? e('CPF', doc) : e('CNPJ', doc));

function icms(i: ImpostosItem['icms']): string {
  const st = i.st ? `${e('modBCST', i.st.modBCST)}${e('pMVAST', i.st.pMVAST)}${i.st.pRedBCST !== '0.0000' ? e('pRedBCST', i.st.pRedBCST) : ''}${v('vBCST', i.st.vBCST)}${e('pICMSST', i.st.pICMSST)}${v('vICMSST', i.st.vICMSST)}` : '';
  const proprio = `${e('modBC', i.modBC)}${v('vBC', i.vBC)}${e('pICMS', i.pICMS)}${v('vICMS', i.vICMS)}`;
  const reduzido = `${e('modBC', i.modBC)}${e('pRedBC', i.pRedBC)}${v('vBC', i.vBC)}${e('pICMS', i.pICMS)}${v('vICMS', i.vICMS)}`;
  const cst = `${e('orig', i.orig)}${e('CST', i.cst)}`;
  const csosn = `${e('orig', i.orig)}${e('CSOSN', i.csosn)}`;
  const credito = `${e('pCredSN', i.pCredSN)}${v('vCredICMSSN', i.vCredICMSSN)}`;
  const corpo: Record<string, string> = {
    ICMS00: cst + proprio,
    ICMS10: cst + proprio + st,
    ICMS20: cst + reduzido,
    ICMS30: cst + st,
    ICMS40: cst,
    ICMS51: cst,
    ICMS60: cst,
    ICMS70: cst + reduzido + st,
    ICMS90: cst,
    ICMSSN101: csosn + credito,
    ICMSSN102: csosn,
    ICMSSN201: csosn + st + credito,
    ICMSSN202: csosn + st,
    ICMSSN500: csosn,
    ICMSSN900: csosn,
  };
  return `<ICMS><${i.grupo}>${corpo[i.grupo]}</${i.grupo}></ICMS>`;
}

function ipi(i: ImpostosItem['ipi']): string {
  if (!i) return '';
  const grupo = i.tributado ? `<IPITrib>${e('CST', i.cst)}${v('vBC', i.vBC)}${e('pIPI', i.pIPI)}${v('vIPI', i.vIPI)}</IPITrib>` : `<IPINT>${e('CST', i.cst)}</IPINT>`;
  return `<IPI>${e('cEnq', i.cEnq)}${grupo}</IPI>`;
}

function contribuicao(nome: 'PIS' | 'COFINS', c: ImpostosItem['pis']): string {
  const grupo = ['01', '02'].includes(c.cst) ? 'Aliq' : ['04', '05', '06', '07', '08', '09'].includes(c.cst) ? 'NT' : 'Outr';
  const corpo = grupo === 'NT' ? e('CST', c.cst) : `${e('CST', c.cst)}${v('vBC', c.vBC)}${e(`p${nome}`, c.p)}${v(`v${nome}`, c.v)}`;
  return `<${nome}><${nome}${grupo}>${corpo}</${nome}${grupo}></${nome}>`;
}

function ibsCbs(i: ImpostosItem['ibsCbs']): string {
  if (!i) return '';
  const valores = i.comValores
    ? `<gIBSCBS>${v('vBC', i.vBC)}<gIBSUF>${e('pIBSUF', i.pIBSUF)}${v('vIBSUF', i.vIBSUF)}</gIBSUF><gIBSMun>${e('pIBSMun', i.pIBSMun)}${v('vIBSMun', i.vIBSMun)}</gIBSMun>${v('vIBS', i.vIBSUF + i.vIBSMun)}<gCBS>${e('pCBS', i.pCBS)}${v('vCBS', i.vCBS)}</gCBS></gIBSCBS>`
    : '';
  return `<IBSCBS>${e('CST', i.cst)}${e('cClassTrib', i.cClassTrib)}${valores}</IBSCBS>`;
}

function det(item: ItemNfe, n: number, homologacao: boolean): string {
  const gtin = item.gtin || 'SEM GTIN';
  // SEFAZ rejects a homologação note whose first item is not described so (rule 373).
  const descricao = homologacao && n === 1 ? HOMOLOGACAO : item.descricao;
  const prod =
    `<prod>${e('cProd', item.codigo)}${e('cEAN', gtin)}${e('xProd', descricao)}${e('NCM', item.ncm)}${e('CFOP', item.cfop)}${e('uCom', item.unidade)}` +
    `${e('qCom', decimais(item.quantidade, 4))}${e('vUnCom', decimais(item.valorUnitario, 10))}${v('vProd', item.valor)}${e('cEANTrib', gtin)}${e('uTrib', item.unidade)}` +
    `${e('qTrib', decimais(item.quantidade, 4))}${e('vUnTrib', decimais(item.valorUnitario, 10))}<indTot>1</indTot></prod>`;
  const i = item.impostos;
  return `<det nItem="${n}">${prod}<imposto>${icms(i.icms)}${ipi(i.ipi)}${contribuicao('PIS', i.pis)}${contribuicao('COFINS', i.cofins)}${ibsCbs(i.ibsCbs)}</imposto></det>`;
}

function total(t: TotaisNfe): string {
  const icmsTot =
    `<ICMSTot>${v('vBC', t.vBC)}${v('vICMS', t.vICMS)}${v('vICMSDeson', 0)}${v('vFCP', 0)}${v('vBCST', t.vBCST)}${v('vST', t.vST)}${v('vFCPST', 0)}${v('vFCPSTRet', 0)}` +
    `${v('vProd', t.vProd)}${v('vFrete', 0)}${v('vSeg', 0)}${v('vDesc', 0)}${v('vII', 0)}${v('vIPI', t.vIPI)}${v('vIPIDevol', 0)}${v('vPIS', t.vPIS)}${v('vCOFINS', t.vCOFINS)}${v('vOutro', 0)}${v('vNF', t.vNF)}</ICMSTot>`;
  const ibsCbsTot = t.temIbsCbs
    ? `<IBSCBSTot>${v('vBCIBSCBS', t.vBCIBSCBS)}<gIBS><gIBSUF>${v('vDif', 0)}${v('vDevTrib', 0)}${v('vIBSUF', t.vIBSUF)}</gIBSUF><gIBSMun>${v('vDif', 0)}${v('vDevTrib', 0)}${v('vIBSMun', t.vIBSMun)}</gIBSMun>${v('vIBS', t.vIBS)}${v('vCredPres', 0)}${v('vCredPresCondSus', 0)}</gIBS>` +
      `<gCBS>${v('vDif', 0)}${v('vDevTrib', 0)}${v('vCBS', t.vCBS)}${v('vCredPres', 0)}${v('vCredPresCondSus', 0)}</gCBS></IBSCBSTot>`
    : '';
  return `<total>${icmsTot}${ibsCbsTot}</total>`;
}

/** The canonical infNFe and its Id ('NFe' + key). */
export function montarInfNFe(d: DadosNfe): { id: string; chave: string; xml: string } {
  const chave = chaveDaNota(d);
  const id = `NFe${chave}`;
  const homologacao = d.tpAmb === '2';
  const mesmaUf = d.emitente.endereco.uf === d.destinatario.endereco.uf;
  const finNFe = d.tipo === 'devolucao' ? '4' : '1';
  const ide =
    `<ide>${e('cUF', String(codigoUf(d.emitente.endereco.uf)))}${e('cNF', String(d.codigo).padStart(8, '0'))}${e('natOp', d.naturezaOperacao)}<mod>55</mod>${e('serie', String(d.serie))}${e('nNF', String(d.numero))}` +
    `${e('dhEmi', d.emissao)}<tpNF>1</tpNF>${e('idDest', mesmaUf ? '1' : '2')}${e('cMunFG', d.emitente.endereco.codigoMunicipio)}<tpImp>1</tpImp><tpEmis>1</tpEmis>${e('cDV', chave.slice(-1))}` +
    `${e('tpAmb', d.tpAmb)}${e('finNFe', finNFe)}<indFinal>0</indFinal><indPres>${d.tipo === 'venda' ? '9' : '0'}</indPres><procEmi>0</procEmi><verProc>Retaguarda 1.0</verProc>` +
    `${d.referencia ? `<NFref>${e('refNFe', d.referencia)}</NFref>` : ''}</ide>`;
  const emit = `<emit>${documento(d.emitente.documento)}${e('xNome', d.emitente.nome)}${e('xFant', d.emitente.fantasia)}${endereco('enderEmit', d.emitente.endereco)}${e('IE', d.emitente.ie)}${e('CRT', d.emitente.crt)}</emit>`;
  const ie = d.destinatario.ie && d.destinatario.ie !== 'ISENTO' ? d.destinatario.ie : null;
  const indIEDest = ie ? '1' : d.destinatario.ie === 'ISENTO' ? '2' : '9';
  const dest = `<dest>${documento(d.destinatario.documento)}${e('xNome', homologacao ? HOMOLOGACAO : d.destinatario.nome)}${endereco('enderDest', d.destinatario.endereco)}${e('indIEDest', indIEDest)}${e('IE', ie)}</dest>`;
  const dets = d.itens.map((item, i) => det(item, i + 1, homologacao)).join('');
  const transp = '<transp><modFrete>9</modFrete></transp>';
  // Transfers and returns carry no payment (tPag 90, vPag 0); a sale to a company is invoiced (15 boleto).
  const pag = d.tipo === 'venda' ? `<pag><detPag><indPag>1</indPag><tPag>15</tPag>${v('vPag', d.totais.vNF)}</detPag></pag>` : `<pag><detPag><tPag>90</tPag>${v('vPag', 0)}</detPag></pag>`;
  const infAdic = d.informacoesComplementares?.trim() ? `<infAdic>${e('infCpl', d.informacoesComplementares)}</infAdic>` : '';
  const xml = `<infNFe xmlns="${NS_NFE}" Id="${id}" versao="4.00">${ide}${emit}${dest}${dets}${total(d.totais)}${transp}${pag}${infAdic}</infNFe>`;
  return { id, chave, xml };
}
