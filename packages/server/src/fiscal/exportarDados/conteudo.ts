import { caminhoEvento, caminhoNotaEmitida, caminhoNotaRecebida, partesChaveAcesso, somarDias, type LinhaResumoExportacao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';

/** One file of the zip: where it goes in the zip and its key in the storage. */
export interface ArquivoDaExportacao {
  caminho: string;
  chaveArmazenamento: string;
}

export interface ConteudoDaExportacao {
  linhas: LinhaResumoExportacao[];
  arquivos: ArquivoDaExportacao[];
}

type NotaLida = {
  empresa_id: string;
  cnpj: string;
  chave: string;
  modelo: string | null;
  serie: number | null;
  numero: string | null;
  emitente_documento: string;
  emitente_nome: string;
  emissao: string;
  valor: string;
  /** 'entrada' | 'completo' | 'resumo' | 'emitida' */
  origem: string;
  cancelada: boolean;
  denegada: boolean;
  arquivo: string;
};

// Where a note's XML is best: the file the entry kept (what the supplier sent), else DF-e's full procNFe, else its summary.
const PRIORIDADE: Record<string, number> = { emitida: 0, entrada: 0, completo: 1, resumo: 2 };
const ORIGEM: Record<string, LinhaResumoExportacao['origem']> = { emitida: 'Emitida', entrada: 'Entrada de nota', completo: 'DF-e', resumo: 'Só resumo (sem XML)' };

/**
 * What an export of `empresas` between `inicio` and `fim` (issue dates in the stores' clock) holds: every
 * note received (entradaNotaFiscal and DF-e, once per key and company, the best XML of it), and with
 * `eventos` the events DF-e delivered for those notes; every note the stores issued and SEFAZ authorised
 * (emissaoNotaFiscal: its procNFe, cancelled ones marked), with `eventos` their registered cancellations and correction letters.
 * Sorted by company, issue and key, so the zip and the CSV come out the same every time.
 */
export async function conteudoDaExportacao(
  tx: Transaction,
  grupo: string,
  filtro: { empresas: string[]; inicio: string; fim: string; eventos: boolean },
): Promise<ConteudoDaExportacao> {
  // São Paulo has no daylight saving since 2019 (shared/datas.ts): a day is [00:00−03, next 00:00−03).
  const desde = `${filtro.inicio}T00:00:00-03:00`;
  const ate = `${somarDias(filtro.fim, 1)}T00:00:00-03:00`;
  const empresas = sql`array[${sql.join(
    filtro.empresas.map((e) => sql`${e}`),
    sql`, `,
  )}]::text[]`;
  const notas = await tx.execute<NotaLida>(sql`
    with cancelamentos as (
      select empresa_id, chave from dfe_evento
       where grupo_empresarial_id = ${grupo} and empresa_id = any(${empresas}) and tp_evento = '110111'
    )
    select e.empresa_id, coalesce(m.cnpj, m.id) as cnpj, e.chave, e.modelo, e.serie, e.numero::text as numero,
           e.emitente_documento, e.emitente_nome, to_char(e.emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as emissao,
           e.valor_total::text as valor, 'entrada' as origem,
           e.situacao = 'cancelada' or exists (select 1 from cancelamentos c where c.empresa_id = e.empresa_id and c.chave = e.chave) as cancelada,
           false as denegada, a.chave as arquivo
      from entrada_nota_fiscal e
      join empresa m on m.grupo_empresarial_id = e.grupo_empresarial_id and m.id = e.empresa_id
      join arquivo a on a.grupo_empresarial_id = e.grupo_empresarial_id and a.id = e.arquivo_id
     where e.grupo_empresarial_id = ${grupo} and e.empresa_id = any(${empresas})
       and e.emissao >= ${desde}::timestamptz and e.emissao < ${ate}::timestamptz
    union all
    select d.empresa_id, coalesce(m.cnpj, m.id), d.chave, null, null, null,
           d.emitente_documento, d.emitente_nome, to_char(d.emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'),
           d.valor::text, d.conteudo,
           d.situacao_nfe = '3' or exists (select 1 from cancelamentos c where c.empresa_id = d.empresa_id and c.chave = d.chave),
           d.situacao_nfe = '2', a.chave
      from dfe_documento d
      join empresa m on m.grupo_empresarial_id = d.grupo_empresarial_id and m.id = d.empresa_id
      join arquivo a on a.grupo_empresarial_id = d.grupo_empresarial_id and a.id = d.arquivo_id
     where d.grupo_empresarial_id = ${grupo} and d.empresa_id = any(${empresas})
       and d.emissao >= ${desde}::timestamptz and d.emissao < ${ate}::timestamptz
    union all
    select n.empresa_id, coalesce(m.cnpj, m.id), n.chave, n.modelo, n.serie, n.numero::text,
           coalesce(m.cnpj, m.id), m.razao_social, to_char(n.emitida_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'),
           n.valor_total::text, 'emitida', n.situacao = 'cancelada', false, a.chave
      from nota_fiscal_emitida n
      join empresa m on m.grupo_empresarial_id = n.grupo_empresarial_id and m.id = n.empresa_id
      join arquivo a on a.grupo_empresarial_id = n.grupo_empresarial_id and a.id = n.arquivo_proc_id
     where n.grupo_empresarial_id = ${grupo} and n.empresa_id = any(${empresas}) and n.situacao in ('autorizada', 'cancelada')
       and n.emitida_em >= ${desde}::timestamptz and n.emitida_em < ${ate}::timestamptz`);

  const melhor = new Map<string, NotaLida>();
  for (const n of notas.rows) {
    const k = `${n.empresa_id}/${n.chave}`;
    const atual = melhor.get(k);
    if (!atual) melhor.set(k, n);
    else {
      const escolhida = PRIORIDADE[n.origem]! < PRIORIDADE[atual.origem]! ? n : atual;
      // A cancellation known to either source holds for the note.
      melhor.set(k, { ...escolhida, cancelada: n.cancelada || atual.cancelada, denegada: n.denegada || atual.denegada });
    }
  }
  const ordenadas = [...melhor.values()].sort((a, b) => a.cnpj.localeCompare(b.cnpj) || a.emissao.localeCompare(b.emissao) || a.chave.localeCompare(b.chave));

  const linhas: LinhaResumoExportacao[] = [];
  const arquivos: ArquivoDaExportacao[] = [];
  for (const n of ordenadas) {
    const partes = partesChaveAcesso(n.chave);
    linhas.push({
      empresa: n.cnpj,
      chave: n.chave,
      modelo: n.modelo ?? partes.modelo,
      numero: n.numero !== null ? Number(n.numero) : partes.numero,
      serie: n.serie ?? partes.serie,
      emitenteDocumento: n.emitente_documento,
      emitenteNome: n.emitente_nome,
      emissao: n.emissao,
      valor: Number(n.valor),
      situacao: n.cancelada ? 'Cancelada' : n.denegada ? 'Denegada' : 'Autorizada',
      origem: ORIGEM[n.origem]!,
    });
    // A summary (resNFe) is not the note: it is listed in the CSV, and its XML comes once DF-e delivers it.
    if (n.origem === 'emitida') arquivos.push({ caminho: caminhoNotaEmitida(n.cnpj, n.chave), chaveArmazenamento: n.arquivo });
    else if (n.origem !== 'resumo') arquivos.push({ caminho: caminhoNotaRecebida(n.cnpj, n.chave), chaveArmazenamento: n.arquivo });
  }

  if (filtro.eventos && ordenadas.length) {
    const eventos = await tx.execute<{ empresa_id: string; chave: string; tp_evento: string; nsu: string; arquivo: string }>(sql`
      select v.empresa_id, v.chave, v.tp_evento, v.nsu, a.chave as arquivo
        from dfe_evento v
        join arquivo a on a.grupo_empresarial_id = v.grupo_empresarial_id and a.id = v.arquivo_id
       where v.grupo_empresarial_id = ${grupo} and v.empresa_id = any(${empresas})
         and v.chave = any(array[${sql.join(
           [...new Set(ordenadas.map((n) => n.chave))].map((c) => sql`${c}`),
           sql`, `,
         )}]::text[])
      union all
      select v.empresa_id, v.chave, v.tp_evento, v.n_seq_evento::text, a.chave
        from nota_fiscal_evento v
        join arquivo a on a.grupo_empresarial_id = v.grupo_empresarial_id and a.id = v.arquivo_id
       where v.grupo_empresarial_id = ${grupo} and v.empresa_id = any(${empresas}) and v.c_stat in ('135', '136', '155')
         and v.chave = any(array[${sql.join(
           [...new Set(ordenadas.filter((n) => n.origem === 'emitida').map((n) => n.chave))].map((c) => sql`${c}`),
           sql`, `,
         )}]::text[])
       order by 1, 2, 4`);
    const cnpjDe = new Map(ordenadas.map((n) => [n.empresa_id, n.cnpj]));
    const porCaminho = eventos.rows
      .filter((v) => melhor.has(`${v.empresa_id}/${v.chave}`))
      .map((v) => ({ caminho: caminhoEvento(cnpjDe.get(v.empresa_id)!, v.chave, v.tp_evento, v.nsu), chaveArmazenamento: v.arquivo }))
      .sort((a, b) => a.caminho.localeCompare(b.caminho));
    arquivos.push(...porCaminho);
  }
  return { linhas, arquivos };
}
