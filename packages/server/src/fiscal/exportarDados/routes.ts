import { exportarDadosSchema, rotulosCampoExportacao, type AcaoTela, type ExportacaoListada, type SituacaoExportacao } from '@retaguarda/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { arquivo, exportacaoFiscal, usuario } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { registrarRotaDaTela } from '../../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../../session/requireSession.ts';
import { empresasDoUsuario } from '../../session/sessaoData.ts';
import { gerarExportacao } from './gerar.ts';

const comum = { tags: ['Fiscal'], security: [{ sessao: [] }] };
/** A job whose row has not moved for this long died with its process (a restart): shown as failed. */
const PARADA_MS = 30 * 60 * 1000;
const LISTADAS = 50;

type Linha = typeof exportacaoFiscal.$inferSelect;

/** The companies the user may export, by id → name (a user limited to some stores sees and exports only theirs). */
async function empresasPermitidas(tx: Transaction, s: SessaoRequest): Promise<Map<string, string>> {
  return new Map((await empresasDoUsuario(tx, s.grupoEmpresarial, s.usuario)).map((e) => [e.id, e.nomeFantasia]));
}

function listada(x: Linha, nomes: Map<string, string>, quem: string | null, agora: Date): ExportacaoListada {
  let situacao = x.situacao as SituacaoExportacao;
  let erro = x.erro;
  if (situacao === 'concluida' && x.expiraEm && x.expiraEm <= agora) situacao = 'expirada';
  if (situacao === 'processando' && agora.getTime() - x.updatedAt.getTime() > PARADA_MS) {
    situacao = 'falhou';
    erro = 'Interrompida (o servidor reiniciou). Gere de novo.';
  }
  return {
    _id: x.id,
    criadaEm: x.createdAt.toISOString(),
    inicio: x.inicio,
    fim: x.fim,
    empresas: x.empresas.map((e) => nomes.get(e) ?? e),
    eventos: x.eventos,
    email: x.email,
    situacao,
    feitos: x.feitos,
    total: x.total,
    notas: x.notas,
    tamanho: x.tamanho,
    erro,
    expiraEm: x.expiraEm?.toISOString() ?? null,
    usuario: quem,
  };
}

/** One export of the group whose companies the user may all see, else 404 (another group's id is just unknown). */
async function exportacaoDe(tx: Transaction, s: SessaoRequest, id: string) {
  const nomes = await empresasPermitidas(tx, s);
  const [x] = await tx
    .select({ x: exportacaoFiscal, quem: usuario.nome })
    .from(exportacaoFiscal)
    .leftJoin(usuario, and(eq(usuario.grupoEmpresarialId, exportacaoFiscal.grupoEmpresarialId), eq(usuario.id, exportacaoFiscal.usuarioId)))
    .where(and(eq(exportacaoFiscal.grupoEmpresarialId, s.grupoEmpresarial), eq(exportacaoFiscal.id, id)));
  if (!x || !x.x.empresas.every((e) => nomes.has(e))) throw new HttpError(404, 'Exportação não encontrada.');
  return { ...x, nomes };
}

/**
 * exportarDados (issue 15): the accountant's zip of a period's NF-e XMLs, events and summary CSV, built by
 * a job after the answer (POST answers the row in `processando`; the screen polls GET for the bar), then
 * downloaded by the group's users who may see all its companies, until it expires.
 */
export async function exportarDadosRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rota = <T>(metodo: 'get' | 'post', url: string, acao: AcaoTela, summary: string, body: z.ZodType | undefined, executar: (req: FastifyRequest, s: SessaoRequest) => Promise<T>) =>
    registrarRotaDaTela(app, ctx, { metodo, url, telas: ['exportarDados'], acao, tag: 'Fiscal', summary, body }, (req) => executar(req, sessaoDe(req)));
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  rota('post', '/api/exportarDados', 'criar', 'Gera em segundo plano o .zip dos XMLs (notas recebidas e eventos) e o resumo CSV de um período e empresas; opcionalmente envia ao contador', exportarDadosSchema, async (req, s) => {
    const pedido = lerOuRecusar(exportarDadosSchema, req.body, (c) => rotulosCampoExportacao[c.split('.')[0]!] ?? c);
    const criada = await withTenant(ctx.db, s, async (tx) => {
      const nomes = await empresasPermitidas(tx, s);
      const alheia = pedido.empresas.find((e) => !nomes.has(e));
      if (alheia) throw new HttpError(400, `Empresas: ${alheia} não é uma empresa que você pode exportar.`, {}, { empresas: 'Empresa fora do seu acesso.' });
      const [x] = await tx
        .insert(exportacaoFiscal)
        .values({ grupoEmpresarialId: s.grupoEmpresarial, empresas: [...new Set(pedido.empresas)], inicio: pedido.inicio, fim: pedido.fim, eventos: pedido.eventos, email: pedido.email ?? null, situacao: 'processando', usuarioId: s.usuario })
        .returning();
      return listada(x!, nomes, null, new Date());
    });
    // The job runs after the answer, tracked by the outbox (its e-mail is sent when it commits; closing waits for it).
    ctx.outbox.agendar(() => gerarExportacao(ctx, s.grupoEmpresarial, criada._id));
    return criada;
  });

  rota('post', '/api/exportarDados/lista', 'ver', `As últimas ${LISTADAS} exportações do grupo (das empresas que o usuário vê), com situação, andamento, tamanho e validade`, undefined, (_req, s) =>
    withTenant(ctx.db, s, async (tx) => {
      const nomes = await empresasPermitidas(tx, s);
      const linhas = await tx
        .select({ x: exportacaoFiscal, quem: usuario.nome })
        .from(exportacaoFiscal)
        .leftJoin(usuario, and(eq(usuario.grupoEmpresarialId, exportacaoFiscal.grupoEmpresarialId), eq(usuario.id, exportacaoFiscal.usuarioId)))
        .where(eq(exportacaoFiscal.grupoEmpresarialId, s.grupoEmpresarial))
        .orderBy(desc(exportacaoFiscal.createdAt), desc(exportacaoFiscal.id))
        .limit(LISTADAS * 4);
      const agora = new Date();
      return linhas
        .filter((l) => l.x.empresas.every((e) => nomes.has(e)))
        .slice(0, LISTADAS)
        .map((l) => listada(l.x, nomes, l.quem, agora));
    }),
  );

  rota('get', '/api/exportarDados/:id', 'ver', 'Uma exportação: situação e andamento (a tela consulta enquanto gera)', undefined, (req, s) =>
    withTenant(ctx.db, s, async (tx) => {
      const { x, quem, nomes } = await exportacaoDe(tx, s, id(req));
      return listada(x, nomes, quem, new Date());
    }),
  );

  r.get(
    '/api/exportarDados/:id/zip',
    { preHandler: [requireSession(ctx), exigirPermissao('exportarDados', 'ver')], schema: { ...comum, summary: 'O .zip de uma exportação concluída, enquanto não expira' } },
    async (req, reply) => {
      const s = sessaoDe(req);
      const achado = await withTenant(ctx.db, s, async (tx) => {
        const { x, nomes } = await exportacaoDe(tx, s, id(req));
        const situacao = listada(x, nomes, null, new Date()).situacao;
        if (situacao === 'expirada') throw new HttpError(404, 'Esta exportação expirou: gere de novo.');
        if (situacao !== 'concluida' || !x.arquivoId) throw new HttpError(409, 'A exportação ainda não terminou.');
        const [a] = await tx.select().from(arquivo).where(and(eq(arquivo.grupoEmpresarialId, s.grupoEmpresarial), inArray(arquivo.id, [x.arquivoId])));
        return a;
      });
      if (!achado) throw new HttpError(404, 'Esta exportação expirou: gere de novo.');
      const fluxo = await ctx.armazenamento.abrir(achado.chave);
      if (!fluxo) throw new HttpError(503, 'O arquivo da exportação não está no armazenamento.');
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(achado.tamanho))
        .header('content-disposition', `attachment; filename="${achado.nome}"`)
        .send(fluxo);
    },
  );
}
