import { conferirChaveAcesso, divergenciasDaChave, erroDeFormaDaChave, normalizarChaveAcesso, partesChaveAcesso } from '../../documents/chaveAcesso.ts';
import { normalizarGtin, SEM_GTIN } from '../../documents/gtin.ts';
import { buscar, buscarTodos, ErroXml, filho, filhos, lerXml, textoDe, type ElementoXml } from './xml.ts';
import { centavosDoXml, precoUnitarioDoXml, quantidadeDoXml } from './valores.ts';

/**
 * A supplier's NF-e read for entry (DOMAIN.md §1): leniently by element name, because real files break
 * the schema, but with the checks that make it a proof of purchase: a valid access key, an authorisation
 * protocol (cStat 100/150) of that key, production environment. Money in centavos, quantities exact.
 */

export interface ParticipanteNota {
  /** CNPJ (possibly alphanumeric) or CPF, without mask. */
  documento: string;
  nome: string;
  fantasia: string | null;
  ie: string | null;
  /** emit only: 1 Simples, 2 Simples over the sub-limit, 3 normal regime, 4 MEI. */
  crt: string | null;
  endereco: { logradouro: string | null; numero: string | null; bairro: string | null; codigoMunicipio: string | null; municipio: string | null; uf: string | null; cep: string | null };
}

export interface ItemNota {
  numero: number;
  cProd: string;
  /** null for 'SEM GTIN' or an invalid code. */
  gtin: string | null;
  descricao: string;
  ncm: string | null;
  cfop: string | null;
  unidade: string;
  /** qCom, 4 places. */
  quantidade: string;
  /** vUnCom, 10 places. */
  valorUnitario: string;
  valorProduto: number;
  desconto: number;
  frete: number;
  seguro: number;
  outras: number;
  /** CST or CSOSN of the ICMS group, with the group's name ('ICMS10', 'ICMSSN202'). */
  icms: { grupo: string | null; cst: string | null; valor: number; st: number; fcpSt: number };
  ipi: number;
  pis: number;
  cofins: number;
  /** Reforma tributária (PL_010): kept when present. */
  ibsCbs: { cst: string | null; cClassTrib: string | null; ibs: number; cbs: number } | null;
  /** The buyer's purchase order as the supplier quotes it (xPed) and its item (nItemPed); absent in notes read before they were kept. */
  xPed?: string | null;
  nItemPed?: string | null;
}

export interface DuplicataNota {
  numero: string;
  vencimento: string;
  valor: number;
}

export interface PagamentoNota {
  tPag: string;
  valor: number;
}

export interface NotaLida {
  chave: string;
  modelo: string;
  serie: number;
  numero: number;
  /** dhEmi as written (ISO with offset). */
  emissao: string;
  naturezaOperacao: string | null;
  emitente: ParticipanteNota;
  destinatario: ParticipanteNota | null;
  itens: ItemNota[];
  totais: { produtos: number; desconto: number; frete: number; seguro: number; outras: number; ipi: number; st: number; fcpSt: number; icms: number; pis: number; cofins: number; nota: number };
  duplicatas: DuplicataNota[];
  pagamentos: PagamentoNota[];
  protocolo: { chave: string; cStat: string; numero: string | null; recebidoEm: string | null } | null;
}

export type LeituraNfe =
  /** motivo: why it cannot be entered (null: it can); cancelada: a cancellation came in the same file. */
  | { tipo: 'nota'; nota: NotaLida; motivo: string | null; cancelada: boolean; avisos: string[] }
  /** A cancellation event alone (procEventoNFe 110111): the note it cancels. */
  | { tipo: 'cancelamento'; chave: string; avisos: string[] }
  | { tipo: 'recusada'; chave: string | null; motivo: string; avisos: string[] };

const TIPOS_CANCELAMENTO = new Set(['110111', '110112']);
/** Event registered (and linked, or not linked, or out of time) by SEFAZ. */
const EVENTO_REGISTRADO = new Set(['135', '136', '155']);

function participante(el: ElementoXml | undefined, endereco: string): ParticipanteNota | null {
  if (!el) return null;
  const end = filho(el, endereco);
  return {
    documento: (textoDe(el, 'CNPJ') ?? textoDe(el, 'CPF') ?? textoDe(el, 'idEstrangeiro') ?? '').toUpperCase(),
    nome: textoDe(el, 'xNome') ?? '',
    fantasia: textoDe(el, 'xFant'),
    ie: textoDe(el, 'IE'),
    crt: textoDe(el, 'CRT'),
    endereco: {
      logradouro: textoDe(end, 'xLgr'),
      numero: textoDe(end, 'nro'),
      bairro: textoDe(end, 'xBairro'),
      codigoMunicipio: textoDe(end, 'cMun'),
      municipio: textoDe(end, 'xMun'),
      uf: textoDe(end, 'UF'),
      cep: textoDe(end, 'CEP'),
    },
  };
}

/** The value of the first element with this name below `el` (centavos). */
const valorAbaixo = (el: ElementoXml | undefined, nome: string) => centavosDoXml(buscar(el, nome)?.texto.trim());

function item(det: ElementoXml): ItemNota {
  const prod = filho(det, 'prod');
  const imposto = filho(det, 'imposto');
  const grupoIcms = filho(imposto, 'ICMS')?.filhos[0];
  const ibscbs = filho(imposto, 'IBSCBS');
  const lido = normalizarGtin(textoDe(prod, 'cEAN') ?? textoDe(prod, 'cEANTrib') ?? '');
  const gtin = lido === SEM_GTIN ? null : lido;
  return {
    numero: Number(det.atributos.nItem ?? 0),
    cProd: textoDe(prod, 'cProd') ?? '',
    gtin,
    descricao: textoDe(prod, 'xProd') ?? '',
    ncm: textoDe(prod, 'NCM'),
    cfop: textoDe(prod, 'CFOP'),
    unidade: (textoDe(prod, 'uCom') ?? '').toUpperCase(),
    quantidade: quantidadeDoXml(textoDe(prod, 'qCom')),
    valorUnitario: precoUnitarioDoXml(textoDe(prod, 'vUnCom')),
    valorProduto: centavosDoXml(textoDe(prod, 'vProd')),
    desconto: centavosDoXml(textoDe(prod, 'vDesc')),
    frete: centavosDoXml(textoDe(prod, 'vFrete')),
    seguro: centavosDoXml(textoDe(prod, 'vSeg')),
    outras: centavosDoXml(textoDe(prod, 'vOutro')),
    icms: {
      grupo: grupoIcms?.nome ?? null,
      cst: textoDe(grupoIcms, 'CST') ?? textoDe(grupoIcms, 'CSOSN'),
      valor: centavosDoXml(textoDe(grupoIcms, 'vICMS')),
      st: centavosDoXml(textoDe(grupoIcms, 'vICMSST')),
      fcpSt: centavosDoXml(textoDe(grupoIcms, 'vFCPST')),
    },
    ipi: centavosDoXml(textoDe(filho(filho(imposto, 'IPI'), 'IPITrib'), 'vIPI')),
    pis: valorAbaixo(filho(imposto, 'PIS'), 'vPIS'),
    cofins: valorAbaixo(filho(imposto, 'COFINS'), 'vCOFINS'),
    ibsCbs: ibscbs ? { cst: textoDe(ibscbs, 'CST'), cClassTrib: textoDe(ibscbs, 'cClassTrib'), ibs: valorAbaixo(ibscbs, 'vIBS'), cbs: valorAbaixo(ibscbs, 'vCBS') } : null,
    xPed: textoDe(prod, 'xPed'),
    nItemPed: textoDe(prod, 'nItemPed'),
  };
}

/** Cancellation events in the file for this key (a separate procEventoNFe, or the retEvento some suppliers append). */
function cancelamentosDe(raiz: ElementoXml, chave: string | null): ElementoXml[] {
  return buscarTodos(raiz, 'infEvento').filter((ev) => {
    const tipo = textoDe(ev, 'tpEvento');
    const cStat = textoDe(ev, 'cStat');
    const daChave = chave === null || normalizarChaveAcesso(textoDe(ev, 'chNFe') ?? '') === chave;
    return tipo !== null && TIPOS_CANCELAMENTO.has(tipo) && daChave && (cStat === null || EVENTO_REGISTRADO.has(cStat));
  });
}

/** A whole XML file as the supplier sent it (nfeProc, bare NFe, or an event). */
export function lerNfe(texto: string): LeituraNfe {
  let raiz: ElementoXml;
  try {
    raiz = lerXml(texto.replace(/^\uFEFF/, ''));
  } catch (erro) {
    if (erro instanceof ErroXml) return { tipo: 'recusada', chave: null, motivo: `Não é um XML legível: ${erro.message}`, avisos: [] };
    throw erro;
  }
  const avisos: string[] = [];
  const infNFe = raiz.nome === 'infNFe' ? raiz : buscar(raiz, 'infNFe');
  if (!infNFe) {
    if (raiz.nome === 'procEventoNFe' || raiz.nome === 'evento' || raiz.nome === 'retEvento') {
      const [cancelamento] = cancelamentosDe(raiz, null);
      const chave = normalizarChaveAcesso(textoDe(buscar(raiz, 'infEvento'), 'chNFe') ?? '');
      if (cancelamento) {
        const erroChave = conferirChaveAcesso(chave);
        return erroChave ? { tipo: 'recusada', chave, motivo: erroChave, avisos } : { tipo: 'cancelamento', chave, avisos };
      }
      const tipoEvento = textoDe(buscar(raiz, 'infEvento'), 'tpEvento');
      const descricao = tipoEvento === '110110' ? 'uma carta de correção' : `um evento ${tipoEvento ?? 'sem tipo'}`;
      return { tipo: 'recusada', chave: chave || null, motivo: `O arquivo é ${descricao}, não uma NF-e: não há o que dar entrada.`, avisos };
    }
    if (buscar(raiz, 'resNFe') || raiz.nome === 'retConsNFeDest' || raiz.nome === 'Envelope' || raiz.nome === 'retDistDFeInt') {
      return { tipo: 'recusada', chave: null, motivo: 'O arquivo é um resumo de consulta de NF-e (DF-e), sem os itens: baixe o XML completo da nota.', avisos };
    }
    return { tipo: 'recusada', chave: null, motivo: `O arquivo não é uma NF-e (elemento raiz <${raiz.nome}>).`, avisos };
  }

  const chave = normalizarChaveAcesso(infNFe.atributos.Id ?? '');
  const ide = filho(infNFe, 'ide');
  const emit = participante(filho(infNFe, 'emit'), 'enderEmit');
  const icmsTot = filho(filho(infNFe, 'total'), 'ICMSTot');
  const cobr = filho(infNFe, 'cobr');
  const nota: NotaLida = {
    chave,
    modelo: textoDe(ide, 'mod') ?? '',
    serie: Number(textoDe(ide, 'serie') ?? 0),
    numero: Number(textoDe(ide, 'nNF') ?? 0),
    emissao: textoDe(ide, 'dhEmi') ?? textoDe(ide, 'dEmi') ?? '',
    naturezaOperacao: textoDe(ide, 'natOp'),
    emitente: emit ?? participante({ nome: 'emit', atributos: {}, filhos: [], texto: '' }, 'enderEmit')!,
    destinatario: participante(filho(infNFe, 'dest'), 'enderDest'),
    itens: filhos(infNFe, 'det').map(item),
    totais: {
      produtos: centavosDoXml(textoDe(icmsTot, 'vProd')),
      desconto: centavosDoXml(textoDe(icmsTot, 'vDesc')),
      frete: centavosDoXml(textoDe(icmsTot, 'vFrete')),
      seguro: centavosDoXml(textoDe(icmsTot, 'vSeg')),
      outras: centavosDoXml(textoDe(icmsTot, 'vOutro')),
      ipi: centavosDoXml(textoDe(icmsTot, 'vIPI')),
      st: centavosDoXml(textoDe(icmsTot, 'vST')),
      fcpSt: centavosDoXml(textoDe(icmsTot, 'vFCPST')),
      icms: centavosDoXml(textoDe(icmsTot, 'vICMS')),
      pis: centavosDoXml(textoDe(icmsTot, 'vPIS')),
      cofins: centavosDoXml(textoDe(icmsTot, 'vCOFINS')),
      nota: centavosDoXml(textoDe(icmsTot, 'vNF')),
    },
    duplicatas: filhos(cobr, 'dup').map((d) => ({ numero: textoDe(d, 'nDup') ?? '', vencimento: (textoDe(d, 'dVenc') ?? '').slice(0, 10), valor: centavosDoXml(textoDe(d, 'vDup')) })),
    pagamentos: buscarTodos(filho(infNFe, 'pag'), 'detPag').map((p) => ({ tPag: textoDe(p, 'tPag') ?? '', valor: centavosDoXml(textoDe(p, 'vPag')) })),
    protocolo: null,
  };
  const infProt = buscar(buscar(raiz, 'protNFe'), 'infProt');
  if (infProt) nota.protocolo = { chave: normalizarChaveAcesso(textoDe(infProt, 'chNFe') ?? ''), cStat: textoDe(infProt, 'cStat') ?? '', numero: textoDe(infProt, 'nProt'), recebidoEm: textoDe(infProt, 'dhRecbto') };

  // What a careful reader notices but does not refuse for (the file is still the supplier's proof).
  if (raiz.nome === 'nfeProc' && raiz.atributos.versao && raiz.atributos.versao !== infNFe.atributos.versao) {
    avisos.push(`O envelope nfeProc diz versão ${raiz.atributos.versao} e a nota é versão ${infNFe.atributos.versao ?? '?'}.`);
  }
  if (infNFe.atributos.versao && infNFe.atributos.versao !== '4.00') avisos.push(`Leiaute ${infNFe.atributos.versao}: anterior ao 4.00 em vigor.`);
  if (nota.modelo === '65') avisos.push('É uma NFC-e (modelo 65), cupom de venda ao consumidor: confira se serve de nota de compra.');
  const partes = /^[0-9]{6}[0-9A-Z]{12}/.test(chave) ? partesChaveAcesso(chave) : null;
  if (partes && emit && emit.documento && partes.emitente !== emit.documento.padStart(14, '0')) avisos.push(`A chave de acesso traz o emitente ${partes.emitente}, e o emitente da nota é ${emit.documento}.`);
  if (partes && textoDe(ide, 'tpEmis') && partes.tpEmis !== textoDe(ide, 'tpEmis')) avisos.push(`A chave de acesso traz a forma de emissão ${partes.tpEmis}, e a nota diz ${textoDe(ide, 'tpEmis')}.`);
  const somaItens = nota.itens.reduce((s, i) => s + i.valorProduto, 0);
  if (icmsTot && Math.abs(somaItens - nota.totais.produtos) > nota.itens.length) avisos.push(`A soma dos itens (${somaItens} centavos) não fecha com o total de produtos da nota (${nota.totais.produtos}).`);
  const somaDuplicatas = nota.duplicatas.reduce((s, d) => s + d.valor, 0);
  if (nota.duplicatas.length && somaDuplicatas !== nota.totais.nota) avisos.push(`As duplicatas somam ${somaDuplicatas} centavos e a nota ${nota.totais.nota}: confira as contas a pagar.`);
  if (nota.itens.some((i) => i.ibsCbs)) avisos.push('A nota traz IBS/CBS (reforma tributária): valores guardados, fora do custo.');
  if (buscar(raiz, 'Signature') === undefined) avisos.push('A nota não traz assinatura digital.');

  const cancelada = cancelamentosDe(raiz, chave).length > 0;
  if (cancelada) avisos.push('O arquivo traz o evento de cancelamento da nota.');
  const motivo = motivoDeRecusa(nota, textoDe(ide, 'tpAmb'));
  // The key's other cross-checks and a protocol citing another key are what DOMAIN.md §1 calls cross-checks:
  // real files carry them (anonymised or re-keyed), and the rule refuses only on form, check digit,
  // authorisation, environment and recipient.
  if (!motivo && nota.chave) {
    avisos.push(...divergenciasDaChave(nota.chave, { modelo: nota.modelo, serie: nota.serie, numero: nota.numero }));
    if (nota.protocolo && nota.protocolo.chave !== nota.chave) avisos.push(`O protocolo de autorização cita outra chave (${nota.protocolo.chave || 'sem chave'}): confira o XML com o fornecedor.`);
  }
  return { tipo: 'nota', nota, motivo, cancelada, avisos };
}

/** Why the file is not proof of an authorised purchase in production (null when it is). */
function motivoDeRecusa(nota: NotaLida, tpAmb: string | null): string | null {
  if (!nota.chave) return 'A nota não traz a chave de acesso (atributo Id de infNFe).';
  const erroChave = erroDeFormaDaChave(nota.chave);
  if (erroChave) return erroChave;
  if (tpAmb !== '1') return 'Nota emitida em homologação (tpAmb 2): não tem valor fiscal.';
  if (!nota.protocolo) return 'A nota não traz o protocolo de autorização da SEFAZ (protNFe): peça ao fornecedor o XML autorizado.';
  if (nota.protocolo.cStat !== '100' && nota.protocolo.cStat !== '150') return `O protocolo da SEFAZ não autoriza a nota (cStat ${nota.protocolo.cStat || 'ausente'}).`;
  return null;
}
