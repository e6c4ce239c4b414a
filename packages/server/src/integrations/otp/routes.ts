import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { naTransacaoDaSessao, registrarRotaDaTela } from '../../resources/rotaDaTela.ts';
import { registrarSegredoDaTela } from '../../resources/segredoDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { emitirCodigo, enviarCodigoDepois, verificarCodigo } from './otp.ts';
import { cifrarTokenSms, credencialSms } from './sms.ts';
import { otpSmsCredencial } from '../../db/schema/index.ts';

const destinoSchema = z.object({ destino: z.string({ error: 'Informe o destino.' }).trim().min(1, 'Informe o destino.').max(254, 'No máximo 254 caracteres.') });
const verificacaoSchema = destinoSchema.extend({ codigo: z.string({ error: 'Informe o código.' }).trim().min(1, 'Informe o código.').max(8, 'No máximo 8 dígitos.') });
const tokenSchema = z.object({ token: z.string({ error: 'Informe o token.' }).trim().min(8, 'O token tem pelo menos 8 caracteres.').max(400, 'No máximo 400 caracteres.') });
const rotulo = (c: string) => ({ destino: 'Destino', codigo: 'Código', token: 'Token' })[c] ?? c;

/** A provedorOTP record of the session's group, or 404. */
async function provedorDoGrupo(tx: Transaction, grupo: string, id: string): Promise<string> {
  const [p] = (await tx.execute<{ id: string }>(sql`select id from registro where grupo_empresarial_id = ${grupo} and recurso = 'provedorOTP' and not lixo and id = ${id}`)).rows;
  if (!p) throw new HttpError(404, 'Provedor de OTP não encontrado.');
  return p.id;
}

/**
 * provedorOTP's test from the screen (issue 17): a manager sends a code to their own e-mail and checks it,
 * as a customer of the QR or delivery pages would. The code never comes back in an answer.
 */
export async function otpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = { telas: ['provedorOTP'], acao: 'editar' as const, tag: 'Integrações' };
  registrarRotaDaTela(app, ctx, { ...base, metodo: 'post', url: '/api/provedorOTP/testar', summary: 'Envia um código de teste ao destino pelo provedor ativo (limite por hora e destino: 429)', body: destinoSchema }, async (request) => {
    const { destino } = lerOuRecusar(destinoSchema, request.body, rotulo, { padrao: 'destino' });
    const enviado = await naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const [e] = (await tx.execute<{ nome: string }>(sql`select coalesce(nome_fantasia, '') nome from empresa where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${a.empresa}`)).rows;
      return emitirCodigo(tx, a.grupoEmpresarial, destino, { empresa: e?.nome ?? '', sms: ctx });
    });
    enviarCodigoDepois(ctx, enviado);
    return { destino: enviado.destino, expiraEm: enviado.expiraEm.toISOString() };
  });
  registrarRotaDaTela(app, ctx, { ...base, metodo: 'post', url: '/api/provedorOTP/verificar', summary: 'Confere um código: certo, vale uma vez; errado conta uma tentativa (400), esgotado 429, expirado ou usado 410', body: verificacaoSchema }, async (request) => {
    const { destino, codigo } = lerOuRecusar(verificacaoSchema, request.body, rotulo, { padrao: 'codigo' });
    // The attempt is committed before the refusal is answered.
    const r = await naTransacaoDaSessao(ctx, request, (tx, a) => verificarCodigo(tx, a.grupoEmpresarial, destino, codigo));
    if (!r.ok) throw new HttpError(r.status, `Código: ${r.mensagem}`, {}, { codigo: r.mensagem });
    return { verificado: true, destino: r.destino };
  });

  registrarSegredoDaTela(app, ctx, {
    url: '/api/provedorOTP/:_id/sms',
    tela: 'provedorOTP',
    tag: base.tag,
    resumo: { ver: 'Se o token do provedor de SMS está definido (nunca o token)', definir: 'Definir o token do provedor de SMS (guardado cifrado, nunca devolvido)' },
    corpo: tokenSchema,
    rotulo,
    padrao: 'token',
    async definidoEm(tx, a, id) {
      return (await credencialSms(tx, a.grupoEmpresarial, await provedorDoGrupo(tx, a.grupoEmpresarial, id)))?.definidoEm ?? null;
    },
    async gravar(tx, a, id, { token }, agora) {
      const provedor = await provedorDoGrupo(tx, a.grupoEmpresarial, id);
      const tokenCifrado = cifrarTokenSms(ctx.chaveSegredos(), a.grupoEmpresarial, provedor, token);
      await tx
        .insert(otpSmsCredencial)
        .values({ grupoEmpresarialId: a.grupoEmpresarial, provedorId: provedor, tokenCifrado, definidoEm: agora, definidoPor: a.usuario })
        .onConflictDoUpdate({ target: [otpSmsCredencial.grupoEmpresarialId, otpSmsCredencial.provedorId], set: { tokenCifrado, definidoEm: agora, definidoPor: a.usuario } });
    },
  });
}
