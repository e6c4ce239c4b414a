import { corresponderItemSchema, estornoEntradaSchema, vinculoPedidoSchema, filtroEntradasSchema, importarNotasSchema, lancarEntradaSchema, rotulosCampoEntrada, TAMANHO_MAXIMO_IMPORTACAO, type AcaoTela } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { naTransacaoDaSessao, registrarRotaDaTela, type AutorDaTela } from '../../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { sessaoDe } from '../../session/requireSession.ts';
import { corresponderItem, lerEntrada, listarEntradas } from './consulta.ts';
import { importarNotas } from './importar.ts';
import { estornarEntrada, lancarEntrada } from './lancamento.ts';
import { linhasAbertas, vincularItem } from './pedidoDaNota.ts';

const TELA = 'entradaNotaFiscal';
const ler = <T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> => lerOuRecusar(schema, corpo ?? {}, (c) => rotulosCampoEntrada[c.split('.')[0]!] ?? c);
const param = (req: FastifyRequest, nome: string) => (req.params as Record<string, string>)[nome]!;

/** The per-file answer of the import, as integrators read it (issue 15). */
const resultadoArquivo = z.object({
  nome: z.string(),
  chave: z.string().nullable().describe('Chave de acesso (44 caracteres), quando lida'),
  situacao: z.enum(['pendente', 'recusada', 'cancelada', 'repetida']).describe('pendente = lida, pronta para corresponder itens e lançar'),
  motivo: z.string().optional().describe('Por que foi recusada, é repetida ou cancelada'),
  avisos: z.array(z.string()),
  itens: z.array(
    z.object({
      numero: z.number().int(),
      cProd: z.string(),
      descricao: z.string(),
      unidade: z.string(),
      quantidade: z.string().describe('qCom, decimal exato com 4 casas'),
      valorProduto: z.number().int().describe('centavos'),
      produto: z.string().nullable().describe('Produto correspondente, ou null quando falta corresponder'),
      fator: z.string().nullable().describe('Unidades de estoque por unidade da nota'),
    }),
  ),
  valorTotal: z.number().int().describe('vNF em centavos'),
  entrada: z.string().optional().describe('_id da entrada criada (ou da anterior, quando repetida)'),
});

/** entradaNotaFiscal (issue 15): supplier NF-e import, item matching, posting to stock and payables, reversal. */
export async function entradaNotaFiscalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const naTransacao = <T>(req: FastifyRequest, work: (tx: Transaction, a: AutorDaTela) => Promise<T>) => naTransacaoDaSessao(ctx, req, work);
  const rota = <T>(metodo: 'get' | 'post', url: string, acao: AcaoTela, summary: string, body: z.ZodType | undefined, status: 200 | 201, executar: (req: FastifyRequest) => Promise<T>, response?: z.ZodType, opcoes: { bodyLimit?: number; description?: string } = {}) =>
    registrarRotaDaTela(app, ctx, { metodo, url, telas: [TELA], acao, tag: 'Fiscal', summary, body, status, response, ...opcoes }, executar);

  rota(
    'post',
    '/api/entradaNotaFiscal/importar',
    'criar',
    'Importa NF-e de fornecedores (XML ou .zip de XMLs, em base64): responde por arquivo pendente, recusada, cancelada ou repetida',
    importarNotasSchema,
    200,
    (req) => importarNotas(ctx, sessaoDe(req), ler(importarNotasSchema, req.body).arquivos),
    z.array(resultadoArquivo),
    {
      bodyLimit: TAMANHO_MAXIMO_IMPORTACAO,
      description:
        'Exige chave de acesso válida (dígito verificador, CNPJ alfanumérico também), protNFe com cStat 100/150, tpAmb 1 e o destinatário igual a uma empresa do grupo (que passa a ser a empresa da entrada). ' +
        'A mesma chave de novo é repetida (nomeia a entrada anterior); uma nota com o evento de cancelamento é guardada como cancelada e nunca lançada. O XML fica guardado no armazenamento.',
    },
  );
  rota('post', '/api/entradaNotaFiscal/lista', 'ver', 'Entradas de nota fiscal da empresa ativa, mais novas primeiro, com os itens ainda sem produto', filtroEntradasSchema, 200, (req) =>
    naTransacao(req, (tx, a) => listarEntradas(tx, a, ler(filtroEntradasSchema, req.body))),
  );
  rota('get', '/api/entradaNotaFiscal/:id', 'ver', 'Uma entrada com seus itens e os produtos correspondentes', undefined, 200, (req) => naTransacao(req, (tx, a) => lerEntrada(tx, a, param(req, 'id'))));
  rota('post', '/api/entradaNotaFiscal/:id/itens/:numero', 'editar', 'Corresponde um item da nota a um produto (e o fator da unidade); lembrado para as próximas notas do fornecedor', corresponderItemSchema, 200, (req) =>
    naTransacao(req, (tx, a) => corresponderItem(tx, a, param(req, 'id'), Number(param(req, 'numero')), ler(corresponderItemSchema, req.body))),
  );
  rota('get', '/api/entradaNotaFiscal/:id/pedidos', 'ver', 'As linhas dos pedidos de compra em aberto do fornecedor da nota (para ligar um item a um pedido)', undefined, 200, (req) => naTransacao(req, (tx, a) => linhasAbertas(tx, a, param(req, 'id'))));
  rota(
    'post',
    '/api/entradaNotaFiscal/:id/itens/:numero/pedido',
    'editar',
    'Liga um item a uma linha de pedido de compra em aberto do fornecedor (mesmo produto), ou a nenhum (pedido null); ao lançar, o pedido é recebido pela nota',
    vinculoPedidoSchema,
    200,
    (req) =>
      naTransacao(req, async (tx, a) => {
        await vincularItem(tx, a, param(req, 'id'), Number(param(req, 'numero')), ler(vinculoPedidoSchema, req.body));
        return lerEntrada(tx, a, param(req, 'id'));
      }),
  );
  rota(
    'post',
    '/api/entradaNotaFiscal/:id/lancar',
    'editar',
    'Lança a entrada numa transação: estoque no local escolhido com o custo de entrada, contas a pagar das duplicatas (ou do pagamento) e o recebimento dos pedidos de compra ligados aos itens (sem lançar o estoque de novo); item sem produto é 409',
    lancarEntradaSchema,
    200,
    (req) => naTransacao(req, (tx, a) => lancarEntrada(tx, a, param(req, 'id'), ler(lancarEntradaSchema, req.body))),
  );
  rota('post', '/api/entradaNotaFiscal/:id/estornar', 'editar', 'Estorna uma entrada lançada (movimentos opostos, contas a pagar canceladas), uma vez só', estornoEntradaSchema, 200, (req) =>
    naTransacao(req, (tx, a) => estornarEntrada(tx, a, param(req, 'id'), ler(estornoEntradaSchema, req.body).motivo)),
  );
}
