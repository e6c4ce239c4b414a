import { EVENTO_ACEITO, manifestacoes, nsu15, situacoesDfe, type ControleDfe, type DocumentoDfeListado, type SituacaoDfe, type TipoManifestacao } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { empresaCertificado } from '../../db/schema/index.ts';

export interface FiltroDfe {
  inicio?: string | undefined;
  fim?: string | undefined;
  situacao?: SituacaoDfe | undefined;
}

type Linha = {
  id: string;
  chave: string;
  nsu: string;
  conteudo: string;
  emitente_documento: string;
  emitente_nome: string;
  emissao: string | Date;
  valor: string | number;
  situacao_nfe: string;
  entrada_id: string | null;
  aceita_tp: string | null;
  aceita_em: string | Date | null;
  ultima_tp: string | null;
  ultima_c_stat: string | null;
  ultima_x_motivo: string | null;
};

/**
 * The company's downloaded notes with the status a user reads: lançado (an entry of the key was posted),
 * XML completo, manifestado (an accepted manifestation, the XML not yet here), resumo. Emission dates are
 * São Paulo days.
 */
export async function listarDocumentosDfe(tx: Transaction, grupo: string, empresa: string, f: FiltroDfe): Promise<DocumentoDfeListado[]> {
  const { rows } = await tx.execute<Linha>(sql`
    select d.id, d.chave, d.nsu, d.conteudo, d.emitente_documento, d.emitente_nome, d.emissao, d.valor, d.situacao_nfe,
           (select e.id from entrada_nota_fiscal e where e.grupo_empresarial_id = d.grupo_empresarial_id and e.chave = d.chave and e.situacao = 'lancada' limit 1) as entrada_id,
           a.tp_evento as aceita_tp, a.enviada_em as aceita_em, u.tp_evento as ultima_tp, u.c_stat as ultima_c_stat, u.x_motivo as ultima_x_motivo
      from dfe_documento d
      left join lateral (select m.tp_evento, m.enviada_em from dfe_manifestacao m
                          where m.grupo_empresarial_id = d.grupo_empresarial_id and m.empresa_id = d.empresa_id and m.chave = d.chave and m.c_stat = any(${sql.param([...EVENTO_ACEITO])}::text[])
                          order by m.enviada_em desc limit 1) a on true
      left join lateral (select m.tp_evento, m.c_stat, m.x_motivo from dfe_manifestacao m
                          where m.grupo_empresarial_id = d.grupo_empresarial_id and m.empresa_id = d.empresa_id and m.chave = d.chave
                          order by m.enviada_em desc limit 1) u on true
     where d.grupo_empresarial_id = ${grupo} and d.empresa_id = ${empresa}
       ${f.inicio ? sql`and d.emissao >= (${f.inicio}::date)::timestamp at time zone 'America/Sao_Paulo'` : sql``}
       ${f.fim ? sql`and d.emissao < (${f.fim}::date + 1)::timestamp at time zone 'America/Sao_Paulo'` : sql``}
     order by d.emissao desc, d.chave`);
  const docs = rows.map((r): DocumentoDfeListado => {
    const situacao: SituacaoDfe = r.entrada_id ? 'lancado' : r.conteudo === 'completo' ? 'completo' : r.aceita_tp ? 'manifestado' : 'resumo';
    return {
      _id: r.id,
      chave: r.chave,
      nsu: r.nsu,
      emitenteDocumento: r.emitente_documento,
      emitenteNome: r.emitente_nome,
      emissao: new Date(r.emissao).toISOString(),
      valor: Number(r.valor),
      situacao,
      cancelada: r.situacao_nfe === '3',
      manifestacao: r.aceita_tp ? { tpEvento: r.aceita_tp as TipoManifestacao, descricao: manifestacoes[r.aceita_tp as TipoManifestacao], em: new Date(r.aceita_em!).toISOString() } : null,
      recusa: r.ultima_tp && r.ultima_c_stat && !EVENTO_ACEITO.has(r.ultima_c_stat) ? { tpEvento: r.ultima_tp as TipoManifestacao, cStat: r.ultima_c_stat, xMotivo: r.ultima_x_motivo ?? '' } : null,
      entrada: r.entrada_id,
    };
  });
  return f.situacao ? docs.filter((d) => d.situacao === f.situacao) : docs;
}

/** relatorioDFE: the notes and, per status, how many and their value (centavos). */
export async function relatorioDfe(tx: Transaction, grupo: string, empresa: string, f: FiltroDfe) {
  const documentos = await listarDocumentosDfe(tx, grupo, empresa, f);
  const totais = situacoesDfe.map((situacao) => {
    const d = documentos.filter((x) => x.situacao === situacao);
    return { situacao, quantidade: d.length, valor: d.reduce((s, x) => s + x.valor, 0) };
  });
  return { documentos, totais, total: { quantidade: documentos.length, valor: documentos.reduce((s, x) => s + x.valor, 0) } };
}

export async function controleDfe(tx: Transaction, grupo: string, empresa: string): Promise<ControleDfe> {
  const { rows } = await tx.execute<{ ult_nsu: string; max_nsu: string; ultima_consulta: string | null; proxima_consulta: string | null; ultimo_c_stat: string | null; ultimo_motivo: string | null }>(
    sql`select ult_nsu, max_nsu, ultima_consulta, proxima_consulta, ultimo_c_stat, ultimo_motivo from dfe_controle where grupo_empresarial_id = ${grupo} and id = ${empresa}`,
  );
  const [cert] = await tx.select({ cnpj: empresaCertificado.cnpj, validade: empresaCertificado.validade }).from(empresaCertificado).where(and(eq(empresaCertificado.grupoEmpresarialId, grupo), eq(empresaCertificado.id, empresa)));
  const c = rows[0];
  const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    ultNSU: c?.ult_nsu ?? nsu15(0),
    maxNSU: c?.max_nsu ?? nsu15(0),
    ultimaConsulta: iso(c?.ultima_consulta),
    proximaConsulta: iso(c?.proxima_consulta),
    cStat: c?.ultimo_c_stat ?? null,
    xMotivo: c?.ultimo_motivo ?? null,
    certificado: cert ? { cnpj: cert.cnpj, validade: cert.validade.toISOString() } : null,
  };
}
