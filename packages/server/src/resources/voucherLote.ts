import { findRecurso, gerarLoteBody, LOTE_MAXIMO } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { camposDoZod } from './validacao.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { criarVarios } from './pipeline.ts';
import { registroSchema } from './record.ts';
import { list } from './repository.ts';

/** No 0/O nor 1/I: a code read over the phone or from a printed slip is typed right. */
const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TAMANHO_SUFIXO = 8;

export const sufixoAleatorio = () => Array.from({ length: TAMANHO_SUFIXO }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');

const rotulos: Record<string, string> = { prefixo: 'Prefixo', quantidade: 'Quantidade' };
const loteParams = gerarLoteBody.pick({ prefixo: true, quantidade: true });

/**
 * `quantidade` distinct codes '<PREFIXO>-XXXXXXXX' that no record of the group (trash included) uses.
 * 32^8 ≈ 10^12 suffixes make a clash rare; the unique index stays the final guard (409, nothing written).
 */
async function codigosLivres(ctx: AppContext, s: SessaoRequest, prefixo: string, quantidade: number): Promise<string[]> {
  const def = findRecurso('voucherECupomDesconto')!;
  const codigos = new Set<string>();
  for (let tentativa = 0; codigos.size < quantidade; tentativa++) {
    if (tentativa > 5) throw new HttpError(409, 'Não foi possível gerar códigos únicos com este prefixo; tente outro prefixo.');
    const novos = new Set<string>();
    while (novos.size < quantidade - codigos.size) {
      const codigo = `${prefixo}-${sufixoAleatorio()}`;
      if (!codigos.has(codigo)) novos.add(codigo);
    }
    const usados = await withTenant(ctx.db, s, (tx) =>
      list(tx, def, s, { filtro: { codigo: { $in: [...novos] }, lixo: { $in: [true, false] } }, select: 'codigo', limit: LOTE_MAXIMO }),
    );
    const ocupados = new Set(usados.data.map((r) => String(r.codigo)));
    for (const codigo of novos) if (!ocupados.has(codigo)) codigos.add(codigo);
  }
  return [...codigos];
}

/** POST /api/voucherECupomDesconto/gerarLote: one call, one transaction, N vouchers. */
export function voucherLoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const def = findRecurso('voucherECupomDesconto')!;
  app.withTypeProvider<ZodTypeProvider>().post(
    `/api/${def.nome}/gerarLote`,
    {
      preHandler: [requireSession(ctx), exigirPermissao(def.nome, 'criar')],
      // Checked below with labelled messages; the schema documents the body in OpenAPI.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: [def.rotuloPlural],
        security: [{ sessao: [] }],
        summary: 'Gerar um lote de códigos com prefixo (todos ou nenhum)',
        body: gerarLoteBody,
        response: { 201: envelopeOk(z.array(registroSchema)) },
      },
    },
    async (request, reply) => {
      const s = sessaoDe(request);
      const { prefixo: _p, quantidade: _q, codigo: _c, lote: _l, ...modelo } = (request.body ?? {}) as Record<string, unknown>;
      const params = loteParams.safeParse(request.body ?? {});
      if (!params.success) {
        const campos = camposDoZod(params.error.issues, 'prefixo', { topo: true });
        const [campo, mensagem] = Object.entries(campos)[0]!;
        throw new HttpError(400, `${rotulos[campo] ?? campo}: ${mensagem}`, {}, campos);
      }
      const { prefixo, quantidade } = params.data;
      const codigos = await codigosLivres(ctx, s, prefixo, quantidade);
      const registros = await criarVarios(ctx.db, def, s, codigos.map((codigo) => ({ ...modelo, codigo, lote: prefixo })));
      return reply.code(201).send(ok(registros));
    },
  );
}
