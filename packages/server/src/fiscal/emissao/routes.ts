import { filtroNotasEmitidasSchema, notaEmitidaSchema, rotulosCampoNotaEmitida } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { SemDanfe } from '../danfe/dadosDanfe.ts';
import { gerarDanfe } from '../danfe/gerarDanfe.ts';
import { naTransacaoDaSessao, registrarRotaDaTela } from '../../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { agendarTarefa } from '../../tarefaPeriodica.ts';
import { emitirNota, processarFilaNfe, xmlGuardado } from './emitir.ts';
import { criarNota, detalharNota, editarNota, listarNotas } from './notas.ts';
import { notaDaEntrada, notaDaTransferencia } from './prefill.ts';

const TELA = ['emissaoNotaFiscal'] as const;
const ROTULOS_ORIGEM: Record<string, string> = { transferencia: 'Transferência', entrada: 'Entrada' };
const ler = <T extends z.ZodType>(schema: T, req: FastifyRequest): z.output<T> =>
  lerOuRecusar(schema, req.body ?? {}, (c) => {
    const partes = c.split('.');
    const item = partes[0] === 'itens' && partes[1] ? `Item ${Number(partes[1]) + 1}, ` : '';
    return `${item}${rotulosCampoNotaEmitida[partes.at(-1)!] ?? rotulosCampoNotaEmitida[partes[0]!] ?? ROTULOS_ORIGEM[c] ?? c}`;
  });
const daTransferenciaSchema = z.object({ transferencia: z.string().min(1) });
const daEntradaSchema = z.object({ entrada: z.string().min(1) });
const id = (req: FastifyRequest) => (req.params as { id: string }).id;

/** Minutes between rounds of the SEFAZ queue (SEFAZ_FILA_INTERVALO_S, default 60 s; 0 turns it off). */
export function intervaloFilaNfeMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SEFAZ_FILA_INTERVALO_S ?? '60');
  return Number.isFinite(n) && n >= 0 ? n * 1000 : 60_000;
}

/**
 * emissaoNotaFiscal (issue 15): drafts, Emitir (number, XML, signature, NFeAutorizacao4), the XMLs, the
 * drafts made from a sent transfer or a posted entry, and the queue of notes waiting for SEFAZ. Group,
 * company and user from the session; the screen's permission on each call.
 */
export async function emissaoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const rota = <T>(metodo: 'get' | 'post' | 'put', url: string, acao: 'ver' | 'criar' | 'editar', summary: string, executar: (req: FastifyRequest) => Promise<T>, opcoes: { body?: z.ZodType; status?: 201 } = {}) =>
    registrarRotaDaTela(app, ctx, { metodo, url: `/api/emissaoNotaFiscal${url}`, telas: TELA, acao, tag: 'Fiscal', summary, ...opcoes }, executar);

  rota('post', '/lista', 'ver', 'NF-e emitidas pela empresa, da mais recente à mais antiga, com a situação (rascunho, autorizada, rejeitada, em contingência…)', (req) =>
    naTransacaoDaSessao(ctx, req, (tx, a) => listarNotas(tx, a, ler(filtroNotasEmitidasSchema, req).situacao)), { body: filtroNotasEmitidasSchema });
  rota('post', '', 'criar', 'Rascunho de NF-e (transferência, devolução a fornecedor, venda a empresa): impostos pela configuração fiscal dos produtos e totais', (req) =>
    naTransacaoDaSessao(ctx, req, (tx, a) => criarNota(tx, a, ler(notaEmitidaSchema, req))), { body: notaEmitidaSchema, status: 201 });
  // The source's id goes in the body: a path /daTransferencia/{id} would be ambiguous beside /{id}/emitir for client generators.
  rota('post', '/daTransferencia', 'criar', 'Rascunho de NF-e de transferência a partir de uma transferência entre lojas enviada por esta loja', (req) =>
    naTransacaoDaSessao(ctx, req, (tx, a) => notaDaTransferencia(tx, a, ler(daTransferenciaSchema, req).transferencia)), { body: daTransferenciaSchema, status: 201 });
  rota('post', '/daEntrada', 'criar', 'Rascunho de NF-e de devolução ao fornecedor a partir de uma entrada lançada (a chave dela referenciada)', (req) =>
    naTransacaoDaSessao(ctx, req, (tx, a) => notaDaEntrada(tx, a, ler(daEntradaSchema, req).entrada)), { body: daEntradaSchema, status: 201 });
  rota('get', '/:id', 'ver', 'Uma nota emitida: itens com impostos, totais, situação, cStat e xMotivo da SEFAZ', (req) => naTransacaoDaSessao(ctx, req, (tx, a) => detalharNota(tx, a, id(req))));
  rota('put', '/:id', 'editar', 'Reescreve um rascunho ou uma nota rejeitada (com a versão lida)', (req) => naTransacaoDaSessao(ctx, req, (tx, a) => editarNota(tx, a, id(req), ler(notaEmitidaSchema, req))), { body: notaEmitidaSchema });
  rota('post', '/:id/emitir', 'editar', 'Numera (empresaNumeroNota), assina com o A1 e envia à SEFAZ: autorizada, rejeitada (fica editável) ou em contingência (fila) quando a SEFAZ não responde', (req) =>
    emitirNota(ctx, sessaoDe(req), id(req)));

  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [url, qual, summary] of [
    ['/api/emissaoNotaFiscal/:id/xml', 'xml', 'O XML assinado da nota'],
    ['/api/emissaoNotaFiscal/:id/procNFe', 'proc', 'O procNFe autorizado (NF-e + protocolo), o arquivo que se entrega ao destinatário'],
  ] as const) {
    r.get(url, { preHandler: [requireSession(ctx), exigirPermissao('emissaoNotaFiscal', 'ver')], schema: { tags: ['Fiscal'], security: [{ sessao: [] }], summary } }, async (req, reply) => {
      const arquivo = await xmlGuardado(ctx, sessaoDe(req), id(req), qual);
      if (!arquivo) throw new HttpError(404, qual === 'proc' ? 'A nota ainda não foi autorizada.' : 'A nota ainda não foi assinada.');
      return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${arquivo.nome}"`).send(arquivo.bytes);
    });
  }

  // The DANFE (F2's renderer) of the authorised procNFe; a note not yet authorised has none.
  r.get(
    '/api/emissaoNotaFiscal/:id/danfe',
    { preHandler: [requireSession(ctx), exigirPermissao('emissaoNotaFiscal', 'ver')], schema: { tags: ['Fiscal'], security: [{ sessao: [] }], summary: 'O DANFE (PDF) de uma nota autorizada, desenhado do procNFe guardado' } },
    async (req, reply) => {
      const arquivo = await xmlGuardado(ctx, sessaoDe(req), id(req), 'proc');
      if (!arquivo) throw new HttpError(409, 'A nota ainda não foi autorizada: o DANFE sai depois da autorização.');
      let pdf: Uint8Array;
      try {
        pdf = await gerarDanfe(arquivo.bytes.toString('utf8'));
      } catch (erro) {
        if (erro instanceof SemDanfe) throw new HttpError(409, erro.message);
        throw erro;
      }
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="DANFE-${arquivo.nome.replace('-procNFe.xml', '')}.pdf"`).send(Buffer.from(pdf));
    },
  );

  const intervalo = intervaloFilaNfeMs();
  if (intervalo > 0)
    agendarTarefa(app, { primeiraMs: Math.min(intervalo, 30_000), intervaloMs: intervalo, falha: 'Falha na fila de envio de NF-e à SEFAZ' }, async () => {
      for (const f of await processarFilaNfe(ctx)) if (f.erro) app.log.warn({ nota: f.id }, `Fila de NF-e: ${f.erro}`);
    });
}
