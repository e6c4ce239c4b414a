import { baixarPorChaveSchema, filtroDfeSchema, manifestarDfeSchema, rotulosCampoDfe, type AcaoTela } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { arquivo, dfeDocumento } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { registrarRotaDaTela } from '../../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../../session/requireSession.ts';
import { importarNotas } from '../entradaNotaFiscal/importar.ts';
import { controleDfe, listarDocumentosDfe, relatorioDfe } from './consulta.ts';
import { baixarPorChave } from './consultaChave.ts';
import { baixarDocumentos } from './distribuicao.ts';
import { empresaDfe } from './empresaDfe.ts';
import { SefazIndisponivel } from './gateway.ts';
import { manifestar } from './manifestacao.ts';

const ler = <T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> => lerOuRecusar(schema, corpo ?? {}, (c) => rotulosCampoDfe[c.split('.')[0]!] ?? c);
const param = (req: FastifyRequest, nome: string) => (req.params as Record<string, string>)[nome]!;

/** SEFAZ down is not the user's fault nor ours: 503 with its reason, nothing recorded. */
async function naSefaz<T>(trabalho: () => Promise<T>): Promise<T> {
  try {
    return await trabalho();
  } catch (erro) {
    if (erro instanceof SefazIndisponivel) throw new HttpError(503, `SEFAZ indisponível: ${erro.message} Tente de novo mais tarde.`);
    throw erro;
  }
}

/** The stored XML of a downloaded note of the session's company (404 otherwise). */
async function xmlDoDocumento(ctx: AppContext, s: SessaoRequest, id: string) {
  const achado = await withTenant(ctx.db, s, async (tx) => {
    const [d] = await tx
      .select({ chave: dfeDocumento.chave, conteudo: dfeDocumento.conteudo, arquivo: arquivo.chave })
      .from(dfeDocumento)
      .innerJoin(arquivo, and(eq(arquivo.grupoEmpresarialId, dfeDocumento.grupoEmpresarialId), eq(arquivo.id, dfeDocumento.arquivoId)))
      .where(and(eq(dfeDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(dfeDocumento.empresaId, s.empresa), eq(dfeDocumento.id, id)));
    return d;
  });
  if (!achado) throw new HttpError(404, 'Documento não encontrado nas notas baixadas desta empresa.');
  const bytes = await ctx.armazenamento.ler(achado.arquivo);
  if (!bytes) throw new HttpError(503, 'O XML da nota não está no armazenamento.');
  return { ...achado, bytes };
}

/**
 * baixarNotas and relatorioDFE (issue 15): DF-e distribution by NSU, the recipient's manifestation, the
 * downloaded full XML sent to entradaNotaFiscal. `fabrica` builds the SEFAZ gateway from the company's A1
 * (the real one; its addresses come from SEFAZ_DFE_URL / SEFAZ_EVENTO_URL / SEFAZ_CA).
 */
export async function dfeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const rota = <T>(metodo: 'get' | 'post', url: string, tela: string, acao: AcaoTela, summary: string, body: z.ZodType | undefined, executar: (req: FastifyRequest, s: SessaoRequest) => Promise<T>) =>
    registrarRotaDaTela(app, ctx, { metodo, url, telas: [tela], acao, tag: 'Fiscal', summary, body }, (req) => executar(req, sessaoDe(req)));
  const empresa = (s: SessaoRequest) => empresaDfe(ctx, s);

  rota('get', '/api/baixarNotas/controle', 'baixarNotas', 'ver', 'Onde está a distribuição de DF-e da empresa: último NSU, próxima consulta permitida, certificado', undefined, (_req, s) =>
    withTenant(ctx.db, s, (tx) => controleDfe(tx, s.grupoEmpresarial, s.empresa)),
  );
  rota('post', '/api/baixarNotas/lista', 'baixarNotas', 'ver', 'Notas baixadas da SEFAZ para a empresa, com a situação (resumo, manifestado, XML completo, lançado)', filtroDfeSchema, (req, s) =>
    withTenant(ctx.db, s, (tx) => listarDocumentosDfe(tx, s.grupoEmpresarial, s.empresa, ler(filtroDfeSchema, req.body))),
  );
  rota(
    'post',
    '/api/baixarNotas/baixar',
    'baixarNotas',
    'criar',
    'Baixa agora da SEFAZ (NFeDistribuicaoDFe por NSU) o que houver para a empresa; respeita a hora de espera depois de 137 ou ultNSU = maxNSU',
    undefined,
    async (_req, s) => naSefaz(async () => baixarDocumentos(ctx, s, await empresa(s))),
  );
  rota(
    'post',
    '/api/baixarNotas/chave',
    'baixarNotas',
    'criar',
    'Baixa da SEFAZ uma nota pela chave de acesso (NFeDistribuicaoDFe consChNFe): o resumo ou, depois da Ciência, o XML completo; até 20 por hora por CNPJ (429 depois)',
    baixarPorChaveSchema,
    async (req, s) => {
      const { chave } = ler(baixarPorChaveSchema, req.body);
      return naSefaz(async () => baixarPorChave(ctx, s, await empresa(s), chave));
    },
  );
  rota('post', '/api/baixarNotas/:id/manifestar', 'baixarNotas', 'editar', 'Manifestação do destinatário (210210 Ciência, 210200 Confirmação, 210220 Desconhecimento, 210240 Operação não realizada com justificativa)', manifestarDfeSchema, async (req, s) => {
    const corpo = ler(manifestarDfeSchema, req.body);
    return naSefaz(async () => manifestar(ctx, s, await empresa(s), param(req, 'id'), corpo));
  });
  app.get('/api/baixarNotas/:id/xml', { preHandler: [requireSession(ctx), exigirPermissao('baixarNotas', 'ver')], schema: { tags: ['Fiscal'], security: [{ sessao: [] }], summary: 'O XML baixado (resumo ou procNFe completo)' } }, async (req, reply) => {
    const d = await xmlDoDocumento(ctx, sessaoDe(req), param(req, 'id'));
    return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${d.chave}.xml"`).send(d.bytes);
  });
  rota('post', '/api/baixarNotas/:id/entrada', 'entradaNotaFiscal', 'criar', 'Abre o XML completo baixado em entradaNotaFiscal (a mesma importação do upload)', undefined, async (req, s) => {
    const d = await xmlDoDocumento(ctx, s, param(req, 'id'));
    if (d.conteudo !== 'completo') throw new HttpError(409, 'Só o resumo desta nota foi baixado: manifeste a Ciência da operação e baixe de novo para receber o XML completo.');
    const [resultado] = await importarNotas(ctx, s, [{ nome: `${d.chave}.xml`, conteudo: d.bytes.toString('base64') }]);
    return resultado;
  });
  rota('post', '/api/relatorioDFE', 'relatorioDFE', 'ver', 'Relatório de DF-e: as notas baixadas por situação, com quantidade e valor', filtroDfeSchema, (req, s) =>
    withTenant(ctx.db, s, (tx) => relatorioDfe(tx, s.grupoEmpresarial, s.empresa, ler(filtroDfeSchema, req.body))),
  );
}
