import { atribuicoesSistema, findRecurso, type UsuarioResumo } from '@retaguarda/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { alias } from 'drizzle-orm/pg-core';
import { grupoEmpresarial, registro, usuario } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, mensagemData, ok } from '../plugins/envelope.ts';
import { toRegistro } from '../resources/record.ts';
import { ValidacaoError } from '../resources/validacao.ts';
import { exigirPermissao, verificarPermissao } from '../session/permissoes.ts';
import { enfileirarRedefinicao } from '../session/recoveryRoutes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { ordemPt } from '../db/ordemPt.ts';

const atribuicao = z.enum(atribuicoesSistema);

/** SPEC.md §7 getUsuario. empresa and grupoEmpresarial are accepted and ignored: the session decides. */
export const getUsuarioBody = z.object({
  filtro: z
    .object({
      empresa: z.unknown().optional(),
      grupoEmpresarial: z.unknown().optional(),
      'pessoa.lixo': z.boolean().optional(),
      ativo: z.boolean().optional(),
      atribuicaoSistema: z.union([atribuicao, z.object({ $in: z.array(atribuicao) }).strict()]).optional(),
      lixo: z.boolean().optional(),
    })
    .strict()
    .default({}),
  retornoCompleto: z.boolean().default(false),
  modoLista: z.boolean().default(true),
});

const def = findRecurso('usuario')!;
const pessoa = alias(registro, 'pessoa');

/** Users' calls beyond the generic resource API: getUsuario (SPEC.md §7) and the reset e-mail. */
export async function usuarioRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sessao = requireSession(ctx);
  const tags = [def.rotuloPlural];
  const security = [{ sessao: [] }];

  r.post(
    '/api/getUsuario',
    {
      preHandler: sessao,
      schema: {
        tags,
        security,
        summary: 'Usuários da empresa ativa: funcionários e entregadores (SPEC §7)',
        description:
          "Funcionários: filtro {'pessoa.lixo': false, ativo: true}; entregadores: mais atribuicaoSistema 'Motoboy'. " +
          'empresa e grupoEmpresarial vêm da sessão. retornoCompleto false devolve só _id, nome, login, atribuicaoSistema e pessoa ' +
          "(qualquer usuário da empresa); true devolve o registro inteiro e exige Ver em Usuários. modoLista false devolve só o primeiro (ou null).",
        body: getUsuarioBody,
        response: { 200: envelopeOk(z.union([z.array(z.looseObject({ _id: z.string() })), z.looseObject({ _id: z.string() }), z.null()])) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const { filtro, retornoCompleto, modoLista } = request.body;
      if (retornoCompleto) verificarPermissao(s.permissoes, 'usuarios', 'ver');
      const dados = registro.dados;
      const conds: SQL[] = [
        eq(registro.grupoEmpresarialId, s.grupoEmpresarial),
        eq(registro.recurso, 'usuario'),
        eq(registro.lixo, filtro.lixo ?? false),
        // Allowed in the session's company: administrators everywhere, others where listed.
        sql`(coalesce((${dados}->>'administrador')::boolean, false) or ${dados}->>'atribuicaoSistema' = 'Administrador' or ${dados}->'empresas' @> jsonb_build_array(${s.empresa}::text))`,
      ];
      if (filtro.ativo !== undefined) conds.push(sql`coalesce((${dados}->>'ativo')::boolean, true) = ${filtro.ativo}`);
      if (typeof filtro.atribuicaoSistema === 'string') conds.push(sql`${dados}->>'atribuicaoSistema' = ${filtro.atribuicaoSistema}`);
      else if (filtro.atribuicaoSistema) {
        const lista = filtro.atribuicaoSistema.$in;
        conds.push(lista.length ? sql`${dados}->>'atribuicaoSistema' in (${sql.join(lista.map((a) => sql`${a}`), sql`, `)})` : sql`false`);
      }
      if (filtro['pessoa.lixo'] !== undefined) {
        // The person must exist; its trash flag is the one asked for.
        conds.push(
          sql`exists (select 1 from ${registro} as "pessoa" where ${pessoa.grupoEmpresarialId} = ${registro.grupoEmpresarialId} and ${pessoa.recurso} = 'pessoa' and ${pessoa.id} = ${dados}->>'pessoa' and ${pessoa.lixo} = ${filtro['pessoa.lixo']})`,
        );
      }
      const rows = await withTenant(ctx.db, s, (tx) =>
        tx
          .select()
          .from(registro)
          .where(and(...conds))
          .orderBy(asc(ordemPt(sql`${dados}->>'nome'`)), asc(registro.id)),
      );
      const lista: ({ _id: string } & Record<string, unknown>)[] = rows.map((row): { _id: string } & Record<string, unknown> => {
        const completo = toRegistro(row);
        if (retornoCompleto) return completo;
        const resumo: UsuarioResumo = {
          _id: completo._id,
          nome: String(completo.nome ?? ''),
          login: String(completo.login ?? ''),
          atribuicaoSistema: String(completo.atribuicaoSistema ?? ''),
          pessoa: (completo.pessoa as string | null | undefined) ?? null,
        };
        return resumo;
      });
      return ok(modoLista ? lista : (lista[0] ?? null));
    },
  );

  r.post(
    '/api/usuario/:_id/enviarRedefinicaoSenha',
    {
      preHandler: [sessao, exigirPermissao('usuarios', 'editar')],
      schema: {
        tags,
        security,
        summary: 'Enviar ao usuário o e-mail com o link de redefinição de senha (vale 1 hora)',
        params: z.object({ _id: z.string() }),
        response: { 200: envelopeOk(mensagemData) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const ref = await withTenant(ctx.db, s, async (tx) => {
        const [alvo] = await tx
          .select({ id: usuario.id, nome: usuario.nome, email: usuario.email, ativo: usuario.ativo, grupoNome: grupoEmpresarial.nome })
          .from(usuario)
          .innerJoin(grupoEmpresarial, eq(grupoEmpresarial.id, usuario.grupoEmpresarialId))
          .where(and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.id, request.params._id), eq(usuario.lixo, false)));
        if (!alvo) throw new HttpError(404, 'Usuário não encontrado.');
        if (!alvo.email) throw new ValidacaoError(def, { email: 'o usuário não tem e-mail cadastrado.' });
        if (!alvo.ativo) throw new ValidacaoError(def, { ativo: 'o usuário está inativo; ative-o antes de enviar o e-mail.' });
        const enviado = await enfileirarRedefinicao(tx, ctx.config.appUrl, { ...alvo, email: alvo.email, grupoEmpresarial: s.grupoEmpresarial });
        return { enviado, email: alvo.email };
      });
      ctx.outbox.dispatch([ref.enviado]);
      return ok({ message: `E-mail de redefinição de senha enviado para ${ref.email}.` });
    },
  );
}
