import { findRecurso } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { notaFiscalEmitida } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { proximoNumeroNfe } from '../fiscal/emissao/emitir.ts';
import { notaDaTransferencia } from '../fiscal/emissao/prefill.ts';
import { alterarNaTransacao, criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { acharRegistro } from './catalogoDemo.ts';
import { impostosDemo } from './impostosDemo.ts';

/** Why the demonstration's note waits: said on the screen (ultimoErro) and in the README. */
export const MOTIVO_DEMO =
  'Demonstração: este ambiente não tem certificado A1 real nem acesso à SEFAZ, então nenhuma nota é autorizada aqui. A nota está numerada e espera na fila de envio; com o certificado da loja e a SEFAZ no ar, a fila a envia sozinha.';

/**
 * emissaoNotaFiscal in the demonstration: the central kitchen's NF-e series 1 and, from its two store
 * transfers, a draft (the received one) and a note waiting for SEFAZ (the one in transit). Never an
 * authorised note: there is no SEFAZ nor real certificate here, and an authorisation would be fake.
 */
export async function prepararEmissaoDemo(db: Database, s: SessaoRequest): Promise<void> {
  const lojas = (await withTenant(db, s, (tx) => tx.execute<{ id: string }>(sql`select id from empresa where lixo = false order by created_at, id limit 2`))).rows;
  if (lojas.length < 2) return;
  const cozinha = lojas[0]!.id;
  const naCozinha = { ...s, empresa: cozinha };
  const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa: cozinha, usuario: s.usuario };
  await withTenant(db, naCozinha, async (tx) => {
    const ja = await tx.execute(sql`select 1 from nota_fiscal_emitida where grupo_empresarial_id = ${s.grupoEmpresarial} limit 1`);
    if (ja.rows.length) return;
    const series = await tx.execute(sql`
      select 1 from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'empresaNumeroNota' and empresa_id = ${cozinha}
         and not lixo and dados->>'modelo' = '55' and (dados->>'serie')::int = 1`);
    if (!series.rows.length) await criarNaTransacao(tx, findRecurso('empresaNumeroNota')!, naCozinha, { modelo: '55', serie: 1, proximoNumero: 1287 });
    const transferencias = (
      await tx.execute<{ id: string; status: string }>(sql`
        select id, status from estoque_transferencia_lojas where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${cozinha}
           and status in ('enviada', 'recebida') order by numero`)
    ).rows;
    // The ingredients the kitchen transfers get its tax configuration (an NF-e needs one per item), not sold.
    const impostos = await impostosDemo(tx, naCozinha);
    const taxas = { configuracaoImposto: impostos.tributado, impostoFederal: impostos.federal };
    const def = findRecurso('produtoGeralEmpresa')!;
    const produtos = (
      await tx.execute<{ produto: string }>(sql`
        select distinct l->>'produto' as produto from estoque_transferencia_lojas t, jsonb_array_elements(t.itens) l
         where t.grupo_empresarial_id = ${s.grupoEmpresarial} and t.empresa_id = ${cozinha}`)
    ).rows;
    for (const { produto } of produtos) {
      const achado = await acharRegistro(tx, naCozinha, 'produtoGeralEmpresa', 'produtoGeral', produto, cozinha);
      if (!achado) await criarNaTransacao(tx, def, naCozinha, { produtoGeral: produto, preco: 0, modosVenda: [], ...taxas });
      else if (!achado.dados.configuracaoImposto || !achado.dados.impostoFederal) await alterarNaTransacao(tx, def, naCozinha, achado.id, { ...taxas, version: achado.version });
    }
    const recebida = transferencias.find((t) => t.status === 'recebida');
    const emTransito = transferencias.find((t) => t.status === 'enviada');
    if (recebida) await notaDaTransferencia(tx, autor, recebida.id);
    if (emTransito) {
      const nota = await notaDaTransferencia(tx, autor, emTransito.id);
      const numero = await proximoNumeroNfe(tx, naCozinha, 1);
      await tx
        .update(notaFiscalEmitida)
        .set({ numero, situacao: 'contingencia', tentativas: 1, ultimoErro: MOTIVO_DEMO, proximaTentativaEm: new Date(Date.now() + 60 * 60_000) })
        .where(and(eq(notaFiscalEmitida.grupoEmpresarialId, s.grupoEmpresarial), eq(notaFiscalEmitida.id, nota._id)));
    }
  });
}
