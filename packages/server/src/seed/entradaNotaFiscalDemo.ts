import { cnpjCheckDigits, montarChaveAcesso, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { corresponderItem, lerEntrada } from '../fiscal/entradaNotaFiscal/consulta.ts';
import { importarNotas } from '../fiscal/entradaNotaFiscal/importar.ts';
import { lancarEntrada } from '../fiscal/entradaNotaFiscal/lancamento.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import type { Armazenamento } from '../storage/armazenamento.ts';

/**
 * Supplier NF-e of the demonstration (entradaNotaFiscal): two distributors' notes to the first store,
 * written as the suppliers' systems write them (nfeProc with the authorisation protocol) and imported
 * through the same importer as an uploaded file. The grain distributor's note is matched (a sack of
 * rice is 5 KG, a box of oil 20 LT) and posted: stock and payables; the dairy's waits, one item unmatched.
 */
interface ItemDemo {
  cProd: string;
  descricao: string;
  unidade: string;
  quantidade: number;
  /** Centavos per purchase unit. */
  preco: number;
  /** Our product's description, and how many stock units a purchase unit makes. */
  produto?: string;
  fator?: string;
}

interface NotaDemo {
  emitente: { cnpjBase: string; nome: string; fantasia: string };
  numero: number;
  diasAtras: number;
  itens: ItemDemo[];
  prazos: number[];
}

const NOTAS: NotaDemo[] = [
  {
    emitente: { cnpjBase: '234567890001', nome: 'Distribuidora Grãos do Vale Ltda', fantasia: 'Grãos do Vale' },
    numero: 18342,
    diasAtras: 3,
    itens: [
      { cProd: 'ARZ-T1-5', descricao: 'ARROZ AGULHINHA TIPO 1 PCT 5KG', unidade: 'PCT', quantidade: 12, preco: 2845, produto: 'Arroz agulhinha', fator: '5' },
      { cProd: 'FJC-1', descricao: 'FEIJAO CARIOCA TIPO 1 1KG', unidade: 'KG', quantidade: 30, preco: 829, produto: 'Feijão carioca' },
      { cProd: 'OLS-900-20', descricao: 'OLEO DE SOJA 900ML CX 20UN', unidade: 'CX', quantidade: 2, preco: 14990, produto: 'Óleo de soja', fator: '18' },
    ],
    prazos: [14, 28],
  },
  {
    emitente: { cnpjBase: '345678900001', nome: 'Laticínios Serra Azul S.A.', fantasia: 'Serra Azul' },
    numero: 77120,
    diasAtras: 1,
    itens: [
      { cProd: '1010', descricao: 'QUEIJO MUCARELA FATIADO KG', unidade: 'KG', quantidade: 15, preco: 4190, produto: 'Queijo muçarela' },
      { cProd: '1044', descricao: 'MANTEIGA COM SAL 200G', unidade: 'UN', quantidade: 24, preco: 1290 },
    ],
    prazos: [21],
  },
];

const reais = (centavos: number) => (centavos / 100).toFixed(2);

/** The XML a supplier's system would send for the note (nfeProc 4.00 with its protocol). */
function xmlDaNota(n: NotaDemo, destinatario: string, emissao: string): { chave: string; xml: string } {
  const cnpj = n.emitente.cnpjBase + cnpjCheckDigits(n.emitente.cnpjBase);
  const chave = montarChaveAcesso({ cUF: 35, anoMes: emissao.slice(2, 4) + emissao.slice(5, 7), emitente: cnpj, modelo: '55', serie: 1, numero: n.numero, tpEmis: '1', codigo: n.numero * 7 });
  const linhas = n.itens.map((i) => ({ ...i, total: i.quantidade * i.preco }));
  const total = linhas.reduce((s, i) => s + i.total, 0);
  const parcelas = n.prazos.map((p, k) => ({ numero: String(k + 1).padStart(3, '0'), vencimento: somarDias(emissao, p), valor: Math.floor(total / n.prazos.length) + (k === 0 ? total % n.prazos.length : 0) }));
  const det = linhas
    .map(
      (i, k) =>
        `<det nItem="${k + 1}"><prod><cProd>${i.cProd}</cProd><cEAN>SEM GTIN</cEAN><xProd>${i.descricao}</xProd><NCM>10063021</NCM><CFOP>5102</CFOP><uCom>${i.unidade}</uCom><qCom>${i.quantidade}.0000</qCom><vUnCom>${reais(i.preco)}</vUnCom><vProd>${reais(i.total)}</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>${i.unidade}</uTrib><qTrib>${i.quantidade}.0000</qTrib><vUnTrib>${reais(i.preco)}</vUnTrib><indTot>1</indTot></prod>` +
        `<imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS><PIS><PISNT><CST>07</CST></PISNT></PIS><COFINS><COFINSNT><CST>07</CST></COFINSNT></COFINS></imposto></det>`,
    )
    .join('');
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe versao="4.00" Id="NFe${chave}">` +
    `<ide><cUF>35</cUF><cNF>${String(n.numero * 7).padStart(8, '0')}</cNF><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>1</serie><nNF>${n.numero}</nNF><dhEmi>${emissao}T08:30:00-03:00</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>${chave.at(-1)}</cDV><tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>0</indFinal><indPres>0</indPres><procEmi>0</procEmi><verProc>1.0</verProc></ide>` +
    `<emit><CNPJ>${cnpj}</CNPJ><xNome>${n.emitente.nome}</xNome><xFant>${n.emitente.fantasia}</xFant><enderEmit><xLgr>Rua do Comércio</xLgr><nro>100</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01010000</CEP></enderEmit><IE>111222333444</IE><CRT>1</CRT></emit>` +
    `<dest><CNPJ>${destinatario}</CNPJ><xNome>Demonstração Restaurantes Ltda</xNome><indIEDest>9</indIEDest></dest>${det}` +
    `<total><ICMSTot><vBC>0.00</vBC><vICMS>0.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>${reais(total)}</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>0.00</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>${reais(total)}</vNF></ICMSTot></total>` +
    `<transp><modFrete>0</modFrete></transp><cobr><fat><nFat>${n.numero}</nFat><vOrig>${reais(total)}</vOrig><vDesc>0.00</vDesc><vLiq>${reais(total)}</vLiq></fat>${parcelas.map((p) => `<dup><nDup>${p.numero}</nDup><dVenc>${p.vencimento}</dVenc><vDup>${reais(p.valor)}</vDup></dup>`).join('')}</cobr>` +
    `<pag><detPag><indPag>1</indPag><tPag>15</tPag><vPag>${reais(total)}</vPag></detPag></pag></infNFe><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/></NFe>` +
    `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${chave}</chNFe><dhRecbto>${emissao}T08:31:10-03:00</dhRecbto><nProt>1352${String(n.numero).padStart(11, '0')}</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
  return { chave, xml };
}

/** Imports (once: again is 'repetida') and matches the notes to the group's first store; posts the first into its main location. */
export async function prepararEntradasDemo(db: Database, armazenamento: Armazenamento, s: SessaoRequest, hoje: string): Promise<void> {
  const [loja] = (await withTenant(db, s, (tx) => tx.execute<{ id: string; cnpj: string | null }>(sql`select id, cnpj from empresa where lixo = false order by created_at, id limit 1`))).rows;
  if (!loja?.cnpj) return;
  const empresa = loja.id;
  const sessao = { ...s, empresa };
  for (const [k, nota] of NOTAS.entries()) {
    const { xml } = xmlDaNota(nota, loja.cnpj, somarDias(hoje, -nota.diasAtras));
    const [r] = await importarNotas({ db, armazenamento }, sessao, [{ nome: `NFe-${nota.numero}.xml`, conteudo: Buffer.from(xml, 'utf8').toString('base64') }]);
    if (!r?.entrada || r.situacao !== 'pendente') continue;
    const id = r.entrada;
    await withTenant(db, sessao, async (tx) => {
      const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa, usuario: s.usuario };
      const produtos = (await tx.execute<{ id: string; descricao: string }>(sql`select id, dados->>'descricao' as descricao from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'produtoGeral' and lixo = false`)).rows;
      for (const [n, item] of nota.itens.entries()) {
        const produto = produtos.find((p) => p.descricao === item.produto);
        if (produto) await corresponderItem(tx, autor, id, n + 1, { produto: produto.id, fator: item.fator ?? null });
      }
      const [principal] = (await tx.execute<{ id: string }>(sql`select id from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'estoqueCadastro' and empresa_id = ${empresa} and lixo = false order by created_at limit 1`)).rows;
      const entrada = await lerEntrada(tx, autor, id);
      if (k === 0 && principal && entrada.itens.every((i) => i.produto && i.fator)) await lancarEntrada(tx, autor, id, { local: principal.id });
    });
  }
}
