import { cnpjCheckDigits, montarChaveAcesso, nsu15, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dfeControle, dfeDocumento, dfeManifestacao } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { newId } from '../ids.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import type { Armazenamento } from '../storage/armazenamento.ts';
import { guardarArquivo } from '../storage/guardarArquivo.ts';

/** Summaries SEFAZ would have delivered for the first store: one only summarised, one with Ciência sent. */
const RESUMOS = [
  { cnpjBase: '456789010001', nome: 'Hortifruti Bom Preço Ltda', numero: 5521, diasAtras: 0, valor: 84230, ciencia: false },
  { cnpjBase: '567890120001', nome: 'Bebidas Paulista Distribuidora Ltda', numero: 90817, diasAtras: 2, valor: 231840, ciencia: true },
];

/**
 * DF-e of the demonstration (baixarNotas, relatorioDFE), without calling SEFAZ: the two supplier notes of
 * entradaNotaFiscal's demo as downloaded full XMLs (the grain one posted, so "Lançado"; the dairy one
 * "XML completo"), a summary waiting for manifestation and one with Ciência registered; the company's
 * distribution state as after a call that found nothing new. Once: a company with DF-e state is left alone.
 */
export async function prepararDfeDemo(db: Database, armazenamento: Armazenamento, s: SessaoRequest, hoje: string): Promise<void> {
  const [loja] = (await withTenant(db, s, (tx) => tx.execute<{ id: string; cnpj: string | null }>(sql`select id, cnpj from empresa where lixo = false order by created_at, id limit 1`))).rows;
  if (!loja?.cnpj) return;
  const empresa = loja.id;
  const sessao = { ...s, empresa };
  const ja = await withTenant(db, sessao, (tx) => tx.execute(sql`select 1 from dfe_controle where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${empresa}`));
  if (ja.rows.length) return;
  let nsu = 398;
  await withTenant(db, sessao, async (tx) => {
    // The supplier notes already in entradaNotaFiscal: the same XML file (legal document) is the download.
    const entradas = (await tx.execute<{ chave: string; emitente_documento: string; emitente_nome: string; emissao: string | Date; valor_total: string | number; arquivo_id: string }>(
      sql`select chave, emitente_documento, emitente_nome, emissao, valor_total, arquivo_id from entrada_nota_fiscal where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${empresa} order by emissao`,
    )).rows;
    for (const e of entradas)
      await tx.insert(dfeDocumento).values({ grupoEmpresarialId: s.grupoEmpresarial, empresaId: empresa, chave: e.chave, nsu: nsu15(nsu++), conteudo: 'completo', emitenteDocumento: e.emitente_documento, emitenteNome: e.emitente_nome, emissao: new Date(e.emissao), valor: Number(e.valor_total), situacaoNfe: '1', arquivoId: e.arquivo_id }).onConflictDoNothing();
  });
  for (const r of RESUMOS) {
    const cnpj = r.cnpjBase + cnpjCheckDigits(r.cnpjBase);
    const emissao = somarDias(hoje, -r.diasAtras);
    const chave = montarChaveAcesso({ cUF: 35, anoMes: emissao.slice(2, 4) + emissao.slice(5, 7), emitente: cnpj, modelo: '55', serie: 1, numero: r.numero, tpEmis: '1', codigo: r.numero * 3 });
    const nProt = `1352${String(r.numero).padStart(11, '0')}`;
    const xml =
      `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${chave}</chNFe><CNPJ>${cnpj}</CNPJ><xNome>${r.nome}</xNome><IE>111222333444</IE>` +
      `<dhEmi>${emissao}T07:40:00-03:00</dhEmi><tpNF>1</tpNF><vNF>${(r.valor / 100).toFixed(2)}</vNF><digVal>ZGVtb25zdHJhY2Fv</digVal><dhRecbto>${emissao}T07:41:02-03:00</dhRecbto><nProt>${nProt}</nProt><cSitNFe>1</cSitNFe></resNFe>`;
    const meuNsu = nsu15(nsu++);
    await guardarArquivo({ db, armazenamento }, sessao, { nome: `${chave}-resNFe.xml`, tipo: 'application/xml', bytes: Buffer.from(xml, 'utf8') }, async (tx, arquivo) => {
      await tx.insert(dfeDocumento).values({ grupoEmpresarialId: s.grupoEmpresarial, empresaId: empresa, chave, nsu: meuNsu, conteudo: 'resumo', emitenteDocumento: cnpj, emitenteNome: r.nome, emissao: new Date(`${emissao}T07:40:00-03:00`), valor: r.valor, situacaoNfe: '1', protocolo: nProt, arquivoId: arquivo.id });
      if (r.ciencia)
        await tx.insert(dfeManifestacao).values({ grupoEmpresarialId: s.grupoEmpresarial, id: newId(), empresaId: empresa, chave, tpEvento: '210210', nSeqEvento: 1, cStat: '135', xMotivo: 'Evento registrado e vinculado a NF-e', protocolo: `9912600000${String(r.numero).slice(-5)}`, usuarioId: s.usuario, enviadaEm: new Date(`${emissao}T10:15:00-03:00`) });
    });
  }
  await withTenant(db, sessao, (tx) =>
    tx.insert(dfeControle).values({ grupoEmpresarialId: s.grupoEmpresarial, id: empresa, ultNsu: nsu15(nsu - 1), maxNsu: nsu15(nsu - 1), ultimaConsulta: new Date(`${hoje}T07:00:00-03:00`), ultimoCStat: '137', ultimoMotivo: 'Nenhum documento localizado' }).onConflictDoNothing(),
  );
}
