import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ANEXO_MAXIMO_BYTES, DIAS_EXPORTACAO, NOME_RESUMO, dataBr, hojeNoFuso, nomeZipExportacao, resumoCsv } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context.ts';
import { arquivo, exportacaoFiscal, grupoEmpresarial } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../ids.ts';
import { enqueueEmail, type OutboxRef } from '../../mail/outbox.ts';
import { conteudoDaExportacao } from './conteudo.ts';

/** How many progress writes a job makes at most: enough for a smooth bar, few enough not to load the database. */
const PASSOS_DE_PROGRESSO = 50;

type Ctx = Pick<AppContext, 'db' | 'armazenamento'> & { config: Pick<AppContext['config'], 'appUrl'> };

/**
 * Builds the zip of an export (a row in `processando`): the notes' XMLs read from the storage one at a time
 * as the zip stream asks for them (never the month's XML in memory at once), written to a temporary file,
 * kept in the storage as an `arquivo` and the row made `concluida` until DIAS_EXPORTACAO days from now, in
 * one transaction with the accountant's e-mail (attached up to ANEXO_MAXIMO_BYTES, else a link to the
 * screen). Any failure leaves the row `falhou` with why. Answers the e-mail to send after commit.
 */
export async function gerarExportacao(ctx: Ctx, grupo: string, id: string, opcoes: { agora?: () => Date; anexoMaximo?: number } = {}): Promise<OutboxRef[]> {
  const agora = opcoes.agora ?? (() => new Date());
  const anexoMaximo = opcoes.anexoMaximo ?? ANEXO_MAXIMO_BYTES;
  const tenant = { grupoEmpresarial: grupo };
  const onde = and(eq(exportacaoFiscal.grupoEmpresarialId, grupo), eq(exportacaoFiscal.id, id), eq(exportacaoFiscal.situacao, 'processando'));
  const pasta = await mkdtemp(path.join(tmpdir(), 'exportacao-'));
  let chaveZip: string | null = null;
  try {
    const [pedido] = await withTenant(ctx.db, tenant, (tx) => tx.select().from(exportacaoFiscal).where(onde));
    if (!pedido) return [];
    const conteudo = await withTenant(ctx.db, tenant, (tx) => conteudoDaExportacao(tx, grupo, pedido));
    const total = conteudo.arquivos.length;
    await withTenant(ctx.db, tenant, (tx) => tx.update(exportacaoFiscal).set({ total, notas: conteudo.linhas.length }).where(onde));

    const zip = new ZipFile();
    const passo = Math.max(1, Math.ceil(total / PASSOS_DE_PROGRESSO));
    let feitos = 0;
    const mtime = pedido.createdAt;
    for (const a of conteudo.arquivos) {
      zip.addReadStreamLazy(a.caminho, { mtime }, (pronto) => {
        void (async () => {
          // The file before this one is in the zip by now: count it, and write the count every `passo` files.
          if (feitos > 0 && feitos % passo === 0) await withTenant(ctx.db, tenant, (tx) => tx.update(exportacaoFiscal).set({ feitos }).where(onde));
          const fluxo = await ctx.armazenamento.abrir(a.chaveArmazenamento);
          if (!fluxo) throw new Error(`O arquivo ${a.caminho} não está no armazenamento.`);
          feitos++;
          pronto(null, fluxo);
        })().catch((erro: unknown) => pronto(erro, undefined as never));
      });
    }
    zip.addBuffer(Buffer.from(resumoCsv(conteudo.linhas), 'utf8'), NOME_RESUMO, { mtime });
    zip.end();

    const destino = path.join(pasta, 'exportacao.zip');
    const hash = createHash('sha256');
    const resumir = new Transform({
      transform(pedaco: Buffer, _codificacao, feito) {
        hash.update(pedaco);
        feito(null, pedaco);
      },
    });
    const falhaDoZip = new Promise<never>((_, rejeitar) => zip.once('error', rejeitar));
    const escrita = pipeline(zip.outputStream, resumir, createWriteStream(destino));
    try {
      await Promise.race([escrita, falhaDoZip]);
    } catch (erro) {
      (zip.outputStream as unknown as { destroy(): void }).destroy();
      await escrita.catch(() => undefined);
      throw erro;
    }
    const tamanho = (await stat(destino)).size;

    const arquivoId = newId();
    chaveZip = `${grupo}/${arquivoId}`;
    await ctx.armazenamento.gravarDoDisco(chaveZip, destino);
    const nome = nomeZipExportacao(pedido.inicio, pedido.fim);
    const anexo = pedido.email && tamanho <= anexoMaximo ? (await readFile(destino)).toString('base64') : null;
    const fim = agora();
    const ref = await withTenant(ctx.db, tenant, async (tx) => {
      await tx.insert(arquivo).values({ grupoEmpresarialId: grupo, id: arquivoId, nome, tipo: 'application/zip', tamanho, chave: chaveZip!, sha256: hash.digest('hex') });
      const feitas = await tx
        .update(exportacaoFiscal)
        .set({ situacao: 'concluida', feitos: total, arquivoId, tamanho, concluidaEm: fim, expiraEm: new Date(fim.getTime() + DIAS_EXPORTACAO * 86_400_000) })
        .where(onde)
        .returning({ id: exportacaoFiscal.id });
      if (!feitas.length) throw new Error('A exportação deixou de estar em andamento.');
      if (!pedido.email) return null;
      const [g] = await tx.select({ nome: grupoEmpresarial.nome }).from(grupoEmpresarial).where(eq(grupoEmpresarial.id, grupo));
      const periodo = `${dataBr(pedido.inicio)} a ${dataBr(pedido.fim)}`;
      const link = `${ctx.config.appUrl}/exportarDados`;
      const texto = [
        `Olá,`,
        ``,
        `Seguem os XMLs das notas fiscais de ${periodo} de ${g?.nome ?? 'nossa empresa'}: ${conteudo.linhas.length} nota(s), com o resumo em ${NOME_RESUMO}.`,
        anexo ? `O arquivo ${nome} vai anexado.` : `O arquivo ${nome} (${Math.ceil(tamanho / 1_048_576)} MB) é grande demais para o e-mail: ele fica em ${link} até ${dataBr(hojeNoFuso(new Date(fim.getTime() + DIAS_EXPORTACAO * 86_400_000)))}, para quem tem usuário no sistema.`,
      ].join('\n');
      return enqueueEmail(tx, grupo, {
        para: pedido.email,
        assunto: `Notas fiscais de ${periodo} — ${g?.nome ?? ''}`.trim(),
        texto,
        ...(anexo ? { anexos: [{ nome, tipo: 'application/zip', base64: anexo }] } : {}),
      });
    });
    chaveZip = null;
    return ref ? [ref] : [];
  } catch (erro) {
    if (chaveZip) await ctx.armazenamento.remover(chaveZip).catch(() => undefined);
    const motivo = erro instanceof Error ? erro.message : String(erro);
    await withTenant(ctx.db, tenant, (tx) => tx.update(exportacaoFiscal).set({ situacao: 'falhou', erro: motivo.slice(0, 500) }).where(onde));
    throw erro;
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
}
