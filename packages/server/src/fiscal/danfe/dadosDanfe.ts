import { buscar, ErroXml, filho, filhos, formatCnpj, formatCpf, lerXml, normalizarChaveAcesso, textoDe, type ElementoXml } from '@retaguarda/domain';

/**
 * What a DANFE prints, read from the NF-e XML as display text (pt-BR numbers, dd/mm/aaaa dates). The
 * values are the XML's decimal text regrouped, never parsed into binary floats.
 */
export interface ItemDanfe {
  codigo: string;
  descricao: string;
  ncm: string;
  cst: string;
  cfop: string;
  unidade: string;
  quantidade: string;
  valorUnitario: string;
  valorTotal: string;
  bcIcms: string;
  valorIcms: string;
  valorIpi: string;
  aliquotaIcms: string;
  aliquotaIpi: string;
}

export interface DadosDanfe {
  chave: string;
  tpAmb: string;
  /** 0 entrada, 1 saída. */
  tpNF: string;
  numero: string;
  serie: string;
  emissao: string;
  saida: string;
  horaSaida: string;
  natureza: string;
  protocolo: string;
  emitente: { nome: string; endereco: string[]; documento: string; ie: string; ieSt: string };
  destinatario: { nome: string; documento: string; endereco: string; bairro: string; cep: string; municipio: string; fone: string; uf: string; ie: string };
  duplicatas: { numero: string; vencimento: string; valor: string }[];
  fatura: string | null;
  impostos: [string, string][][];
  transporte: { rows: [string, string, number][][] };
  itens: ItemDanfe[];
  informacoes: string;
  fisco: string;
}

/** '3780.00' → '3.780,00'; at least `minimo` decimal places (the XML's extra places are kept, trailing zeros dropped). */
export function numeroBr(texto: string | null | undefined, minimo = 2): string {
  const t = (texto ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return t ? t : minimo ? `0,${'0'.repeat(minimo)}` : '0';
  const negativo = t.startsWith('-');
  const [inteira, fracao = ''] = t.replace('-', '').split('.');
  const semZeros = fracao.replace(/0+$/, '');
  const casas = semZeros.length >= minimo ? semZeros : fracao.padEnd(minimo, '0').slice(0, Math.max(minimo, semZeros.length));
  const agrupada = inteira!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negativo ? '-' : ''}${agrupada}${casas ? `,${casas}` : ''}`;
}

/** '2025-05-12T12:34:49-03:00' → '12/05/2025' (the day as the issuer wrote it). */
export const dataBr = (iso: string | null | undefined) => (iso && /^\d{4}-\d\d-\d\d/.test(iso) ? iso.slice(0, 10).split('-').reverse().join('/') : '');
const horaDe = (iso: string | null | undefined) => (iso && /T\d\d:\d\d:\d\d/.test(iso) ? iso.slice(11, 19) : '');
export const chaveEmGrupos = (chave: string) => chave.match(/.{1,4}/g)?.join(' ') ?? '';
const documentoBr = (el: ElementoXml | undefined) => {
  const cnpj = textoDe(el, 'CNPJ');
  if (cnpj) return formatCnpj(cnpj.toUpperCase());
  const cpf = textoDe(el, 'CPF');
  return cpf ? formatCpf(cpf) : (textoDe(el, 'idEstrangeiro') ?? '');
};
const cepBr = (cep: string | null) => (cep && /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : (cep ?? ''));
/** '69916' → '000.069.916', as the DANFE numbers the note. */
const numeroNota = (n: string | null) => (n ?? '').padStart(9, '0').replace(/(\d{3})(\d{3})(\d{3})$/, '$1.$2.$3');
const v = (el: ElementoXml | undefined, nome: string) => numeroBr(textoDe(el, nome));

const MODALIDADES_FRETE: Record<string, string> = {
  '0': '0 - Por conta do Remetente',
  '1': '1 - Por conta do Destinatário',
  '2': '2 - Por conta de Terceiros',
  '3': '3 - Próprio por conta do Remetente',
  '4': '4 - Próprio por conta do Destinatário',
  '9': '9 - Sem Ocorrência de Transporte',
};

/** Why a file has no DANFE (Portuguese, for a 400/409). */
export class SemDanfe extends Error {}

function item(det: ElementoXml): ItemDanfe {
  const prod = filho(det, 'prod');
  const imposto = filho(det, 'imposto');
  const icms = filho(imposto, 'ICMS')?.filhos[0];
  const ipi = filho(filho(imposto, 'IPI'), 'IPITrib');
  const infAdProd = textoDe(det, 'infAdProd');
  return {
    codigo: textoDe(prod, 'cProd') ?? '',
    descricao: [textoDe(prod, 'xProd') ?? '', infAdProd && infAdProd !== textoDe(prod, 'cEAN') ? infAdProd : null].filter(Boolean).join(' - '),
    ncm: textoDe(prod, 'NCM') ?? '',
    cst: `${textoDe(icms, 'orig') ?? ''}${textoDe(icms, 'CST') ?? textoDe(icms, 'CSOSN') ?? ''}`,
    cfop: textoDe(prod, 'CFOP') ?? '',
    unidade: textoDe(prod, 'uCom') ?? '',
    quantidade: numeroBr(textoDe(prod, 'qCom'), 4),
    valorUnitario: numeroBr(textoDe(prod, 'vUnCom')),
    valorTotal: v(prod, 'vProd'),
    bcIcms: v(icms, 'vBC'),
    valorIcms: v(icms, 'vICMS'),
    valorIpi: v(ipi, 'vIPI'),
    aliquotaIcms: v(icms, 'pICMS'),
    aliquotaIpi: v(ipi, 'pIPI'),
  };
}

/** The DANFE's content from an NF-e XML (nfeProc, or a bare NFe before authorisation). */
export function lerDadosDanfe(xml: string): DadosDanfe {
  let raiz: ElementoXml;
  try {
    raiz = lerXml(xml.replace(/^\uFEFF/, ''));
  } catch (erro) {
    if (erro instanceof ErroXml) throw new SemDanfe(`Não é um XML legível: ${erro.message}`);
    throw erro;
  }
  const infNFe = raiz.nome === 'infNFe' ? raiz : buscar(raiz, 'infNFe');
  if (!infNFe) throw new SemDanfe(`O arquivo não é uma NF-e (elemento raiz <${raiz.nome}>): não há DANFE a imprimir.`);
  const ide = filho(infNFe, 'ide');
  const emit = filho(infNFe, 'emit');
  const enderEmit = filho(emit, 'enderEmit');
  const dest = filho(infNFe, 'dest');
  const enderDest = filho(dest, 'enderDest');
  const tot = filho(filho(infNFe, 'total'), 'ICMSTot');
  const ibsCbsTot = filho(filho(infNFe, 'total'), 'IBSCBSTot');
  const transp = filho(infNFe, 'transp');
  const transporta = filho(transp, 'transporta');
  const [vol] = filhos(transp, 'vol');
  const veic = filho(transp, 'veicTransp');
  const infProt = buscar(buscar(raiz, 'protNFe'), 'infProt');
  const infAdic = filho(infNFe, 'infAdic');
  const fat = filho(filho(infNFe, 'cobr'), 'fat');
  const dhEmi = textoDe(ide, 'dhEmi') ?? textoDe(ide, 'dEmi');
  const dhSaida = textoDe(ide, 'dhSaiEnt') ?? textoDe(ide, 'dSaiEnt');
  const municipioEmit = [textoDe(enderEmit, 'xMun'), textoDe(enderEmit, 'UF')].filter(Boolean).join(' - ');

  const impostos: [string, string][][] = [
    [
      ['BASE DE CÁLC. DO ICMS', v(tot, 'vBC')],
      ['VALOR DO ICMS', v(tot, 'vICMS')],
      ['BASE DE CÁLC. ICMS S.T.', v(tot, 'vBCST')],
      ['VALOR DO ICMS SUBST.', v(tot, 'vST')],
      ['VALOR DO FCP ST', v(tot, 'vFCPST')],
      ['VALOR DO PIS', v(tot, 'vPIS')],
      ['V. TOTAL PRODUTOS', v(tot, 'vProd')],
    ],
    [
      ['VALOR DO FRETE', v(tot, 'vFrete')],
      ['VALOR DO SEGURO', v(tot, 'vSeg')],
      ['DESCONTO', v(tot, 'vDesc')],
      ['OUTRAS DESPESAS', v(tot, 'vOutro')],
      ['VALOR TOTAL IPI', v(tot, 'vIPI')],
      ['VALOR DA COFINS', v(tot, 'vCOFINS')],
      ['V. TOTAL DA NOTA', v(tot, 'vNF')],
    ],
  ];
  // Reforma tributária (PL_010): the note's IBS and CBS totals when it carries them.
  if (ibsCbsTot) {
    impostos.push([
      ['BASE DE CÁLC. IBS/CBS', v(ibsCbsTot, 'vBCIBSCBS')],
      ['VALOR DO IBS', numeroBr(textoDe(filho(ibsCbsTot, 'gIBS'), 'vIBS'))],
      ['VALOR DA CBS', numeroBr(textoDe(filho(ibsCbsTot, 'gCBS'), 'vCBS'))],
      ['V. APROX. TRIBUTOS', v(tot, 'vTotTrib')],
    ]);
  }

  return {
    chave: normalizarChaveAcesso(infNFe.atributos.Id ?? ''),
    tpAmb: textoDe(ide, 'tpAmb') ?? '1',
    tpNF: textoDe(ide, 'tpNF') ?? '1',
    numero: numeroNota(textoDe(ide, 'nNF')),
    serie: (textoDe(ide, 'serie') ?? '').padStart(3, '0'),
    emissao: dataBr(dhEmi),
    saida: dataBr(dhSaida),
    horaSaida: horaDe(dhSaida),
    natureza: textoDe(ide, 'natOp') ?? '',
    protocolo: infProt ? [textoDe(infProt, 'nProt'), [dataBr(textoDe(infProt, 'dhRecbto')), horaDe(textoDe(infProt, 'dhRecbto'))].filter(Boolean).join(' ')].filter(Boolean).join(' - ') : '',
    emitente: {
      nome: textoDe(emit, 'xNome') ?? '',
      endereco: [
        [textoDe(enderEmit, 'xLgr'), textoDe(enderEmit, 'nro'), textoDe(enderEmit, 'xCpl')].filter(Boolean).join(', '),
        [textoDe(enderEmit, 'xBairro'), cepBr(textoDe(enderEmit, 'CEP'))].filter(Boolean).join(' - '),
        municipioEmit,
        textoDe(enderEmit, 'fone') ? `Fone: ${textoDe(enderEmit, 'fone')}` : '',
      ].filter(Boolean),
      documento: documentoBr(emit),
      ie: textoDe(emit, 'IE') ?? '',
      ieSt: textoDe(emit, 'IEST') ?? '',
    },
    destinatario: {
      nome: textoDe(dest, 'xNome') ?? '',
      documento: documentoBr(dest),
      endereco: [textoDe(enderDest, 'xLgr'), textoDe(enderDest, 'nro'), textoDe(enderDest, 'xCpl')].filter(Boolean).join(', '),
      bairro: textoDe(enderDest, 'xBairro') ?? '',
      cep: cepBr(textoDe(enderDest, 'CEP')),
      municipio: textoDe(enderDest, 'xMun') ?? '',
      fone: textoDe(enderDest, 'fone') ?? '',
      uf: textoDe(enderDest, 'UF') ?? '',
      ie: textoDe(dest, 'IE') ?? '',
    },
    duplicatas: filhos(filho(infNFe, 'cobr'), 'dup').map((d) => ({ numero: textoDe(d, 'nDup') ?? '', vencimento: dataBr(textoDe(d, 'dVenc')), valor: v(d, 'vDup') })),
    fatura: fat ? [textoDe(fat, 'nFat') ? `Fatura ${textoDe(fat, 'nFat')}` : null, `Valor original ${v(fat, 'vOrig')}`, `Desconto ${v(fat, 'vDesc')}`, `Valor líquido ${v(fat, 'vLiq')}`].filter(Boolean).join(' · ') : null,
    impostos,
    transporte: {
      rows: [
        [
          ['RAZÃO SOCIAL', textoDe(transporta, 'xNome') ?? '', 0.3],
          ['FRETE POR CONTA', MODALIDADES_FRETE[textoDe(transp, 'modFrete') ?? ''] ?? '', 0.22],
          ['CÓDIGO ANTT', textoDe(veic, 'RNTC') ?? '', 0.1],
          ['PLACA DO VEÍCULO', textoDe(veic, 'placa') ?? '', 0.1],
          ['UF', textoDe(veic, 'UF') ?? '', 0.05],
          ['CNPJ / CPF', documentoBr(transporta), 0.23],
        ],
        [
          ['ENDEREÇO', textoDe(transporta, 'xEnder') ?? '', 0.42],
          ['MUNICÍPIO', textoDe(transporta, 'xMun') ?? '', 0.25],
          ['UF', textoDe(transporta, 'UF') ?? '', 0.05],
          ['INSCRIÇÃO ESTADUAL', textoDe(transporta, 'IE') ?? '', 0.28],
        ],
        [
          ['QUANTIDADE', textoDe(vol, 'qVol') ?? '', 0.12],
          ['ESPÉCIE', textoDe(vol, 'esp') ?? '', 0.18],
          ['MARCA', textoDe(vol, 'marca') ?? '', 0.18],
          ['NUMERAÇÃO', textoDe(vol, 'nVol') ?? '', 0.16],
          ['PESO BRUTO', textoDe(vol, 'pesoB') ? numeroBr(textoDe(vol, 'pesoB'), 3) : '', 0.18],
          ['PESO LÍQUIDO', textoDe(vol, 'pesoL') ? numeroBr(textoDe(vol, 'pesoL'), 3) : '', 0.18],
        ],
      ],
    },
    itens: filhos(infNFe, 'det').map(item),
    informacoes: [textoDe(infAdic, 'infCpl'), ...filhos(infAdic, 'obsCont').map((o) => `${o.atributos.xCampo ?? ''}: ${textoDe(o, 'xTexto') ?? ''}`)].filter(Boolean).join(' '),
    fisco: textoDe(infAdic, 'infAdFisco') ?? '',
  };
}
