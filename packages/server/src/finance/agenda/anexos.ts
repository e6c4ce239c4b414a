import { TAMANHO_MAXIMO_ANEXO, type AnexoBody } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { guardarArquivo } from '../../storage/guardarArquivo.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { conteudoConfere } from '../../storage/routes.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { autorDaSessao } from '../rotas.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { lerTitulo, travarTitulo } from './titulos.ts';

/** Attachments of a título (boleto, invoice): bytes in the project's storage, a row in `arquivo`, the id in the título. */

/** The declared type must match the bytes: a PDF starts with %PDF-, an XML (NF-e) with '<' after an optional BOM. */
function confere(tipo: AnexoBody['tipo'], bytes: Buffer): boolean {
  if (tipo === 'application/pdf') return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (tipo === 'application/xml') return /^(\uFEFF)?\s*</.test(bytes.subarray(0, 64).toString('utf8'));
  return conteudoConfere(tipo, bytes);
}

const recusar = (status: number, mensagem: string) => new HttpError(status, `Arquivo: ${mensagem}`, {}, { conteudo: mensagem });

/**
 * Checks the bytes, makes sure the título is the company's, writes the bytes (outside any transaction),
 * then records the file and attaches it in one transaction; the bytes go if that fails.
 */
export async function anexar(ctx: AppContext, s: SessaoRequest, tituloId: string, body: AnexoBody) {
  const bytes = Buffer.from(body.conteudo, 'base64');
  if (bytes.length > TAMANHO_MAXIMO_ANEXO) throw recusar(413, 'o anexo tem mais de 5 MB.');
  if (!confere(body.tipo, bytes)) throw recusar(400, 'o conteúdo não confere com o tipo (PDF, PNG, JPEG ou XML).');
  const a = autorDaSessao(s);
  await withTenant(ctx.db, s, (tx) => travarTitulo(tx, a, tituloId));
  return guardarArquivo(ctx, s, { nome: body.nome, tipo: body.tipo, bytes }, async (tx, guardado) => {
    await travarTitulo(tx, a, tituloId);
    await tx.execute(sql`update financeiro_titulo set anexos = array_append(anexos, ${guardado.id}) where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${tituloId}`);
    return lerTitulo(tx, a, tituloId);
  });
}

/** Takes the file off the título; the storage sweep removes its bytes once nothing mentions it. */
export async function desanexar(tx: Transaction, a: AutorFinanceiro, tituloId: string, arquivoId: string) {
  await travarTitulo(tx, a, tituloId);
  const r = await tx.execute(sql`update financeiro_titulo set anexos = array_remove(anexos, ${arquivoId}) where grupo_empresarial_id = ${a.grupoEmpresarial} and id = ${tituloId} and ${arquivoId} = any(anexos) returning id`);
  if (!r.rows.length) throw new HttpError(404, 'Anexo não encontrado neste título.');
  return lerTitulo(tx, a, tituloId);
}
