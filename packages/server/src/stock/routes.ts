import { contagemSchema, inclusaoInventarioSchema, rotulosInclusaoInventario, documentoEstoqueSchema, listaTiposMovimento, type TipoMovimento, novoInventarioSchema, rotuloCampoDocumentoEstoque, tiposDocumentoEstoque, type TipoDocumentoEstoque } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { camposDoZod, lerOuRecusar } from '../resources/validacao.ts';
import { exigirPermissao, verificarPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import { estornarDocumento, listarDocumentos, registrarDocumento, telaDoDocumento } from './documentos.ts';
import type { AutorEstoque } from './razao.ts';
import { custoDaFichaNaEmpresa } from './fichas.ts';
import { abrirInventario, aprovarInventario, cancelarInventario, detalharInventario, incluirNoInventario, listarInventarios, registrarContagem } from './inventario.ts';
import { kardex, movimentacaoProdutos, posicaoEstoque } from './relatorios.ts';
import { producaoRoutes } from './producaoRoutes.ts';
import { pedidoCompraRoutes } from './pedidoCompraRoutes.ts';
import { relatorioComprasRoutes } from './relatorioComprasRoutes.ts';
import { sugestaoPedidoRoutes } from './sugestaoPedidoRoutes.ts';
import { transferenciaLojasRoutes } from './transferenciaLojasRoutes.ts';
import { disponibilidadeRoutes } from './disponibilidadeRoutes.ts';

const autor = (s: SessaoRequest): AutorEstoque => ({ grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario });
const semValidar = () => (data: unknown) => ({ value: data });
const comum = { tags: ['Estoque'], security: [{ sessao: [] }] };
const data = z.iso.date({ error: 'Use aaaa-mm-dd.' });
const tipoDocumento = z.enum(Object.keys(tiposDocumentoEstoque) as [TipoDocumentoEstoque, ...TipoDocumentoEstoque[]], { error: 'Tipo de documento desconhecido.' });

const rotulosFiltro: Record<string, string> = { limite: 'Linhas por página', offset: 'Posição da página', produto: 'Produto', local: 'Local de estoque', de: 'De', ate: 'Até', busca: 'Busca', tipo: 'Tipo', tipos: 'Tipos de movimento', usuario: 'Usuário', motivo: 'Motivo' };

/** The body by its schema, or 400 naming the first field in Portuguese. */
function ler<T extends z.ZodType>(schema: T, request: FastifyRequest, rotulo: (campo: string) => string = (c) => rotulosFiltro[c.split('.')[0]!] ?? c): z.output<T> {
  return lerOuRecusar(schema, request.body, rotulo, { padrao: 'tipo' });
}

const periodo = z
  .object({ de: data, ate: data })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' });
// A page of a report: at most 5,000 lines, from a line count (offset) of 0 or more.
const pagina = z.object({
  limite: z.number({ error: 'Informe um número de linhas.' }).int('Informe um número inteiro de linhas.').min(1, 'Peça ao menos 1 linha.').max(5000, 'Peça no máximo 5.000 linhas por página.').optional(),
  offset: z.number({ error: 'Informe a posição da página.' }).int('Informe uma posição inteira.').min(0, 'A posição da página não pode ser negativa.').optional(),
});
const filtroKardex = periodo.and(z.object({ produto: z.string({ error: 'Escolha o produto.' }).min(1, 'Escolha o produto.'), local: z.string().optional() })).and(pagina);
const filtroMovimentacao = periodo.and(
  z.object({
    tipos: z.array(z.enum(listaTiposMovimento as [TipoMovimento, ...TipoMovimento[]], { error: 'Tipo de movimento desconhecido.' })).optional(),
    local: z.string().optional(),
    produto: z.string().optional(),
    usuario: z.string().optional(),
  }),
);
const filtroPosicao = z.object({ local: z.string().optional(), busca: z.string().max(100).optional(), abaixoMinimo: z.boolean().optional(), semZerados: z.boolean().optional() }).and(pagina);
const filtroLista = z.object({ tipo: tipoDocumento, de: data.optional(), ate: data.optional(), limite: z.number().int().min(1).max(1000).optional() });
const estornoBody = z.object({ motivo: z.string({ error: 'Informe o motivo do estorno.' }).trim().min(3, 'Informe o motivo do estorno.').max(300) });

/** The counted lines, or 400 with every wrong line at once in campos (a counting screen shows them all). */
function lerContagem(request: FastifyRequest) {
  const lido = contagemSchema.safeParse(request.body ?? {});
  if (lido.success) return lido.data;
  const campos = camposDoZod(lido.error.issues, 'itens');
  const n = Object.keys(campos).length;
  const [campo, mensagem] = Object.entries(campos)[0]!;
  const linha = /^itens\.(\d+)\.(\w+)$/.exec(campo);
  const primeiro = linha ? `Linha ${Number(linha[1]) + 1}, ${linha[2] === 'contado' ? 'quantidade contada' : linha[2]}: ${mensagem}` : `Contagens: ${mensagem}`;
  throw new HttpError(400, n > 1 ? `${n} linhas com erro. ${primeiro}` : primeiro, {}, campos);
}

/** Thrown to roll back a preview's transaction, carrying what it computed. */
class Previa {
  constructor(readonly resultado: unknown) {}
}

/**
 * Stock documents typed by hand (entrada avulsa, saída manual, transferência entre locais), their
 * preview and reversal, and the stock reports. Group, company and user from the session.
 */
export async function estoqueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await producaoRoutes(app, ctx);
  await pedidoCompraRoutes(app, ctx);
  await relatorioComprasRoutes(app, ctx);
  await sugestaoPedidoRoutes(app, ctx);
  await transferenciaLojasRoutes(app, ctx);
  await disponibilidadeRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const lerDocumento = (request: FastifyRequest) => {
    const doc = ler(documentoEstoqueSchema, request, rotuloCampoDocumentoEstoque);
    verificarPermissao(sessaoDe(request).permissoes, telaDoDocumento[doc.tipo], 'criar');
    return doc;
  };

  r.post(
    '/api/estoqueDocumento',
    {
      preHandler: [requireSession(ctx)],
      validatorCompiler: semValidar,
      schema: {
        ...comum,
        summary: 'Registra um documento de estoque (entradaManual, saidaManual ou transferenciaLocal) e seus movimentos, numa transação',
        description:
          'Quantidades com até 4 casas na unidade de estoque do produto; custoUnitario (entrada) em centavos com até 4 casas. ocorridoEm no passado é aceito (veja /previa). ' +
          'Permissão: criar na tela do documento (estoqueInventario, estoqueSaidaManual, estoqueTransferenciaLocal). Estoque negativo: 409 quando a empresa não permite.',
        body: documentoEstoqueSchema,
        response: { 201: envelopeOk(z.any()) },
      },
    },
    async (request, reply) => {
      const doc = lerDocumento(request);
      const s = sessaoDe(request);
      const criado = await withTenant(ctx.db, s, (tx) => registrarDocumento(tx, autor(s), doc));
      return reply.code(201).send(ok(criado));
    },
  );

  r.post(
    '/api/estoqueDocumento/previa',
    {
      preHandler: [requireSession(ctx)],
      validatorCompiler: semValidar,
      schema: {
        ...comum,
        summary: 'Prévia de um documento de estoque (nada é gravado): saldos e custos médios depois dele e os movimentos posteriores que ficariam negativos',
        body: documentoEstoqueSchema,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const doc = lerDocumento(request);
      const s = sessaoDe(request);
      try {
        await withTenant(ctx.db, s, async (tx) => {
          throw new Previa(await registrarDocumento(tx, autor(s), doc, { simular: true }));
        });
      } catch (e) {
        if (e instanceof Previa) return ok(e.resultado);
        throw e;
      }
      throw new HttpError(500, 'A prévia não foi calculada.');
    },
  );

  r.post(
    '/api/estoqueDocumento/:id/estornar',
    {
      preHandler: [requireSession(ctx)],
      validatorCompiler: semValidar,
      schema: { ...comum, summary: 'Estorna um documento de estoque: um movimento oposto para cada movimento dele; estornar de novo é 409', params: z.object({ id: z.string() }), body: estornoBody, response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const { motivo } = ler(estornoBody, request);
      const s = sessaoDe(request);
      const { id } = request.params as { id: string };
      return ok(
        await withTenant(ctx.db, s, async (tx) => {
          const tipo = await tipoDoDocumento(tx, s, id);
          verificarPermissao(s.permissoes, telaDoDocumento[tipo], 'editar');
          return estornarDocumento(tx, autor(s), id, motivo);
        }),
      );
    },
  );

  r.post(
    '/api/estoqueDocumento/lista',
    {
      preHandler: [requireSession(ctx)],
      validatorCompiler: semValidar,
      schema: { ...comum, summary: 'Documentos de estoque de um tipo na empresa ativa, do mais recente ao mais antigo', body: filtroLista, response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const f = ler(filtroLista, request);
      const s = sessaoDe(request);
      verificarPermissao(s.permissoes, telaDoDocumento[f.tipo], 'ver');
      return ok(await withTenant(ctx.db, s, (tx) => listarDocumentos(tx, autor(s), f.tipo, f)));
    },
  );

  const inventario = <T>(rota: string, resumo: string, acao: 'ver' | 'criar' | 'editar', executar: (tx: Transaction, a: AutorEstoque, request: FastifyRequest) => Promise<T>, metodo: 'get' | 'post' = 'post') =>
    r[metodo](
      rota,
      {
        preHandler: [requireSession(ctx), exigirPermissao('estoqueInventario', acao)],
        validatorCompiler: semValidar,
        schema: { ...comum, summary: resumo, response: { 200: envelopeOk(z.any()) } },
      },
      async (request) => {
        const s = sessaoDe(request);
        return ok(await withTenant(ctx.db, s, (tx) => executar(tx, autor(s), request)));
      },
    );
  const idDe = (request: FastifyRequest) => (request.params as { id: string }).id;
  inventario('/api/estoqueInventario', 'Abre um inventário: congela agora os saldos dos locais escolhidos (todos os produtos com saldo neles, ou só os informados)', 'criar', (tx, a, req) =>
    abrirInventario(tx, a, ler(novoInventarioSchema, req, (c) => ({ descricao: 'Descrição', locais: 'Locais', produtos: 'Produtos', observacao: 'Observação' })[c.split('.')[0]!] ?? c)),
  );
  inventario('/api/estoqueInventario/lista', 'Inventários da empresa ativa, do mais recente ao mais antigo, com linhas contadas e a diferença valorizada', 'ver', (tx, a) => listarInventarios(tx, a));
  inventario('/api/estoqueInventario/:id', 'Um inventário com cada linha: saldo congelado, contado, diferença e o valor dela ao custo médio', 'ver', (tx, a, req) => detalharInventario(tx, a, idDe(req)), 'get');
  inventario('/api/estoqueInventario/:id/contagem', 'Registra quantidades contadas (por local e produto; a linha enviada de novo substitui a contagem; contado null apaga). Todos os erros de uma vez em campos', 'editar', (tx, a, req) =>
    registrarContagem(tx, a, idDe(req), lerContagem(req)),
  );
  inventario('/api/estoqueInventario/:id/itens', 'Inclui na contagem um produto que não foi congelado num dos locais dela (achado na prateleira sem saldo), pelo id ou pelo código/código de barras, com a contagem opcional: a linha começa no saldo do razão no congelamento (0 sem saldo), valorizada pelo custo médio ou, sem ele, pelo último custo de entrada (custoOrigem). 400 nomeando o campo; 409 se o inventário não está aberto ou o produto já tem linha no local', 'editar', (tx, a, req) =>
    incluirNoInventario(tx, a, idDe(req), ler(inclusaoInventarioSchema, req, (c) => rotulosInclusaoInventario[c] ?? c)),
  );
  inventario('/api/estoqueInventario/:id/aprovar', 'Aprova o inventário: lança, numa transação, um ajuste por linha contada com diferença, na data do congelamento; aprovar de novo é 409', 'editar', (tx, a, req) => aprovarInventario(tx, a, idDe(req)));
  inventario('/api/estoqueInventario/:id/cancelar', 'Cancela um inventário aberto (nada é lançado)', 'editar', (tx, a, req) => cancelarInventario(tx, a, idDe(req)));

  r.get(
    '/api/estoqueFichaTecnica/:id/custo',
    {
      preHandler: [requireSession(ctx), exigirPermissao('estoqueFichaTecnica', 'ver')],
      schema: { ...comum, summary: 'Custo da ficha técnica na empresa ativa pelos custos médios dos ingredientes, com o preço e a margem', params: z.object({ id: z.string() }), response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      const custo = await withTenant(ctx.db, s, (tx) => custoDaFichaNaEmpresa(tx, s, (request.params as { id: string }).id));
      if (!custo) throw new HttpError(404, 'Ficha técnica não encontrada.');
      return ok(custo);
    },
  );

  r.post(
    '/api/relatorioEstoqueProduto',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioEstoqueProduto', 'ver')],
      validatorCompiler: semValidar,
      schema: {
        ...comum,
        summary:
          'Posição do estoque da empresa ativa por local e produto, valorizada pelo custo médio, com o mínimo e os abaixo dele; com limite, uma página das linhas (a partir de offset) e os totais de todas',
        body: filtroPosicao, response: { 200: envelopeOk(z.any()) } },
    },
    async (request, reply) => {
      const f = ler(filtroPosicao, request);
      const s = sessaoDe(request);
      const linhas = await withTenant(ctx.db, s, (tx) => posicaoEstoque(tx, s, f));
      // posicaoEstoque answers the lines (LinhaPosicao[], or a PaginaPosicao with limite) already serialised: sent in the envelope as they are,
      // not serialised again (Fastify sends a Buffer untouched; the schema is for the OpenAPI document).
      return reply.type('application/json; charset=utf-8').send(Buffer.from(`{"valido":true,"data":${linhas}}`) as never);
    },
  );

  r.post(
    '/api/relatorioMovimentacaoProdutos',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioMovimentacaoProdutos', 'ver')],
      validatorCompiler: semValidar,
      schema: { ...comum, summary: 'Movimentos de estoque do período por tipo, local, produto e usuário, com totais por tipo', body: filtroMovimentacao, response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const f = ler(filtroMovimentacao, request);
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => movimentacaoProdutos(tx, s, f)));
    },
  );

  r.post(
    '/api/relatorioEstoqueFluxo',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioEstoqueFluxo', 'ver')],
      validatorCompiler: semValidar,
      schema: { ...comum, summary: 'Kardex de um produto: cada movimento do período com o saldo e o custo médio depois dele, saldos inicial e final; com limite, uma página dos movimentos com o saldo em que ela abre', body: filtroKardex, response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const f = ler(filtroKardex, request);
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => kardex(tx, s, f)));
    },
  );
}

async function tipoDoDocumento(tx: Transaction, s: SessaoRequest, id: string): Promise<TipoDocumentoEstoque> {
  const r = await tx.execute<{ tipo: TipoDocumentoEstoque }>(sql`select tipo from estoque_documento where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${s.empresa} and id = ${id}`);
  if (!r.rows[0]) throw new HttpError(404, 'Documento de estoque não encontrado.');
  return r.rows[0].tipo;
}
