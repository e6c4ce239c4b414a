import { findRecurso, type CertificadoResumo } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { empresaCertificado, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { naoEncontrado, registroSchema, toRegistro } from '../resources/record.ts';
import { escopo } from '../resources/repository.ts';
import { cifrar, decifrar } from '../security/cifra.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { CertificadoInvalido, lerCertificadoA1 } from './certificadoA1.ts';

/** A real A1 .pfx is a few KB; anything this large is not one. */
export const TAMANHO_MAXIMO_PFX = 64 * 1024;

const rotulos = { arquivo: 'Arquivo do certificado', senha: 'Senha do certificado' } as const;

const envioBody = z.object({
  /** The .pfx bytes in base64. */
  arquivo: z.string({ error: 'Envie o arquivo .pfx do certificado.' }).min(1, 'Envie o arquivo .pfx do certificado.'),
  senha: z.string({ error: 'Informe a senha do certificado.' }).min(1, 'Informe a senha do certificado.').max(200),
});

const dataBr = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');

function invalido(campo: keyof typeof rotulos, mensagem: string, status = 400): HttpError {
  return new HttpError(status, `${rotulos[campo]}: ${mensagem}`, {}, { [campo]: mensagem });
}

/** The company's record (404 when the session's group has none with this id). */
async function lerEmpresa(tx: Transaction, s: SessaoRequest, id: string) {
  const def = findRecurso('empresa')!;
  const [row] = await tx.select().from(registro).where(and(escopo(def, s), eq(registro.id, id)));
  if (!row) throw new HttpError(404, naoEncontrado(def));
  return row;
}

/** Writes the summary into the record. Not a user edit, so the version stays (a form open meanwhile still saves). */
async function gravarResumo(tx: Transaction, s: SessaoRequest, id: string, resumo: CertificadoResumo | null) {
  const [row] = await tx
    .update(registro)
    .set({ dados: sql`jsonb_set(${registro.dados}, '{certificado}', ${JSON.stringify(resumo)}::jsonb)`, updatedAt: sql`now()` })
    .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'empresa'), eq(registro.id, id)))
    .returning();
  return toRegistro(row!);
}

/** The stored .pfx and password of a company, decrypted: for signing NF-e/NFC-e on the server only. */
export async function certificadoGuardado(tx: Transaction, chave: Buffer, grupo: string, empresaId: string): Promise<{ pfx: Buffer; senha: string } | null> {
  const [row] = await tx.select().from(empresaCertificado).where(and(eq(empresaCertificado.grupoEmpresarialId, grupo), eq(empresaCertificado.id, empresaId)));
  if (!row) return null;
  const contexto = `${grupo}/${empresaId}`;
  return { pfx: decifrar(chave, row.pfxCifrado, `${contexto}/pfx`), senha: decifrar(chave, row.senhaCifrada, `${contexto}/senha`).toString('utf8') };
}

/**
 * The A1 certificate of a company: sent as base64 JSON with its password, opened on the server,
 * stored encrypted in empresa_certificado. Answers the company record, which shows only the summary.
 */
export async function certificadoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Sending or removing the certificate is editing the company.
  const preHandler = [requireSession(ctx), exigirPermissao('empresa', 'editar')];
  const schemaBase = { tags: ['Empresas'], security: [{ sessao: [] }], params: z.object({ _id: z.string() }), response: { 200: envelopeOk(registroSchema) } };

  r.post(
    '/api/empresa/:_id/certificado',
    {
      preHandler,
      bodyLimit: Math.ceil((TAMANHO_MAXIMO_PFX * 4) / 3) + 4096,
      schema: { ...schemaBase, summary: 'Enviar o certificado digital A1 (.pfx em base64 e senha)', body: envioBody },
    },
    async (request) => {
      const s = sessaoDe(request);
      const pfx = Buffer.from(request.body.arquivo, 'base64');
      if (pfx.length > TAMANHO_MAXIMO_PFX) throw invalido('arquivo', 'o arquivo tem mais de 64 KB; um certificado A1 tem poucos KB.', 413);
      let lido;
      try {
        lido = lerCertificadoA1(pfx, request.body.senha);
      } catch (error) {
        if (error instanceof CertificadoInvalido) throw invalido(error.campo, error.message);
        throw error;
      }
      if (lido.validade.getTime() < Date.now()) throw invalido('arquivo', `o certificado venceu em ${dataBr(lido.validade)}.`);
      const resumo: CertificadoResumo = { subject: lido.subject, cnpj: lido.cnpj, validade: lido.validade.toISOString() };
      // Encrypted before the transaction (the key may be read from disk the first time).
      const chave = ctx.chaveSegredos();
      const contexto = `${s.grupoEmpresarial}/${request.params._id}`;
      const pfxCifrado = cifrar(chave, pfx, `${contexto}/pfx`);
      const senhaCifrada = cifrar(chave, Buffer.from(request.body.senha, 'utf8'), `${contexto}/senha`);
      const salvo = await withTenant(ctx.db, s, async (tx) => {
        const row = await lerEmpresa(tx, s, request.params._id);
        const cnpjEmpresa = typeof row.dados.cnpj === 'string' ? row.dados.cnpj : null;
        // SEFAZ accepts a certificate of the same CNPJ root (the first 8 characters) as the emitter.
        if (cnpjEmpresa && lido.cnpj && lido.cnpj.slice(0, 8) !== cnpjEmpresa.slice(0, 8)) {
          throw invalido('arquivo', `o certificado é do CNPJ ${lido.cnpj}, de outra raiz que a da empresa (${cnpjEmpresa}).`);
        }
        const valores = { pfxCifrado, senhaCifrada, subject: resumo.subject, cnpj: resumo.cnpj, validade: lido.validade };
        await tx
          .insert(empresaCertificado)
          .values({ grupoEmpresarialId: s.grupoEmpresarial, id: row.id, ...valores })
          .onConflictDoUpdate({
            target: [empresaCertificado.grupoEmpresarialId, empresaCertificado.id],
            set: { ...valores, version: sql`${empresaCertificado.version} + 1`, updatedAt: sql`now()` },
          });
        return gravarResumo(tx, s, row.id, resumo);
      });
      return ok(salvo);
    },
  );

  r.delete('/api/empresa/:_id/certificado', { preHandler, schema: { ...schemaBase, summary: 'Remover o certificado digital A1' } }, async (request) => {
    const s = sessaoDe(request);
    const salvo = await withTenant(ctx.db, s, async (tx) => {
      const row = await lerEmpresa(tx, s, request.params._id);
      await tx.delete(empresaCertificado).where(and(eq(empresaCertificado.grupoEmpresarialId, s.grupoEmpresarial), eq(empresaCertificado.id, row.id)));
      return gravarResumo(tx, s, row.id, null);
    });
    return ok(salvo);
  });
}
