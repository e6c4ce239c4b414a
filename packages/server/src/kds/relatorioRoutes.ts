import { filtroTempoPreparoSchema, rotulosFiltroTempoPreparo } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { naTransacaoDaSessao, registrarRotaDaTela } from '../resources/rotaDaTela.ts';
import { lerOuRecusar, recusarNomeando } from '../resources/validacao.ts';
import { relatorioTempoPreparo } from './relatorioTempoPreparo.ts';

/** relatorioKdsTempoPreparo (issue 17): the kitchen's prep times of the session's store. */
export async function kdsRelatorioRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registrarRotaDaTela(
    app,
    ctx,
    {
      metodo: 'post',
      url: '/api/relatorioKdsTempoPreparo',
      telas: ['relatorioKdsTempoPreparo'],
      acao: 'ver',
      tag: 'KDS',
      summary: 'Tempo de preparo na cozinha: da chegada do item às telas ao toque de pronto, por estação, produto e hora de chegada, com média, p90, máximo (segundos) e atrasados; até 93 dias',
      body: filtroTempoPreparoSchema,
    },
    (request) =>
      naTransacaoDaSessao(ctx, request, async (tx, a) => {
        const f = lerOuRecusar(filtroTempoPreparoSchema, request.body, (c) => rotulosFiltroTempoPreparo[c] ?? c, { padrao: 'de', topo: true });
        if (f.estacao) {
          const r = await tx.execute(sql`select 1 from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and empresa_id = ${a.empresa} and recurso in ('kdsEstacao', 'kdsExpedicao') and id = ${f.estacao}`);
          if (!r.rows.length) recusarNomeando({ estacao: 'Estação não encontrada nesta loja.' }, (c) => rotulosFiltroTempoPreparo[c] ?? c);
        }
        return relatorioTempoPreparo(tx, a, f);
      }),
  );
}
