import {
  TAMANHO_MAXIMO_OFX,
  conciliarContaSchema,
  conciliarManualSchema,
  conciliarRecebivelSchema,
  desconciliarSchema,
  movimentoDaLinhaSchema,
  recebiveisDaLinhaSchema,
  regraConciliacaoSchema,
  rotulosCampoConciliacao,
  saldoConciliadoSchema,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, ok } from '../../plugins/envelope.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { contaDaEmpresa, importarExtrato, lerArquivoOfx, recusa } from './importacao.ts';
import { conciliarAutomaticamente, conciliarManual, criarMovimentoDaLinha, desconciliar, extratoDaConta, movimentosAbertos, saldoConciliadoPorDia } from './conciliacao.ts';
import { conciliarRecebivel, recebiveisDaLinha } from './recebivelManual.ts';
import { criarRegra, listarRegras, removerRegra } from './regras.ts';
import { autorDaSessao, rotasDaTela } from '../rotas.ts';

const TELA = 'financeiroConciliacaoBancaria';
const comum = { tags: ['Financeiro'], security: [{ sessao: [] }] };
const semValidar = () => (data: unknown) => ({ value: data });
const rotulos: Record<string, string> = { conta: 'Conta', arquivo: 'Arquivo', 'arquivo.nome': 'Nome do arquivo', 'arquivo.conteudo': 'Conteúdo do arquivo' };

const importarBody = z.object({
  conta: z.string({ error: 'Escolha a conta financeira.' }).min(1, 'Escolha a conta financeira.').describe('_id da financeiroConta'),
  arquivo: z.object(
    {
      nome: z.string({ error: 'Informe o nome do arquivo.' }).trim().min(1, 'Informe o nome do arquivo.').max(255, 'No máximo 255 caracteres.'),
      conteudo: z
        .string({ error: 'Envie o conteúdo do arquivo em base64.' })
        .min(1, 'O arquivo está vazio.')
        .regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, 'O conteúdo deve ser os bytes do arquivo em base64.')
        .describe('Os bytes do arquivo OFX em base64'),
    },
    { error: 'Envie o arquivo OFX (nome e conteúdo em base64).' },
  ),
});
const linhaSchema = z.object({
  fitid: z.string(),
  data: z.iso.date().describe('AAAA-MM-DD'),
  valor: z.number().int().describe('Centavos; negativo para débitos'),
  memo: z.string(),
});
const importarResposta = z.object({
  importadas: z.number().int().describe('Linhas novas gravadas'),
  repetidas: z.number().int().describe('Linhas que a conta já tinha (de um arquivo anterior ou sobreposto)'),
  linhas: z.array(linhaSchema).describe('As linhas do arquivo, na ordem do arquivo'),
  conciliadas: z.number().int().describe('Linhas da conta conciliadas automaticamente logo após a importação'),
});
const extratoResposta = z.object({
  linhas: z.array(
    linhaSchema.extend({
      _id: z.string(),
      nome: z.string(),
      trntype: z.string(),
      conciliada: z.boolean(),
      conciliacao: z
        .object({ _id: z.string(), origem: z.string(), movimentos: z.array(z.string()), operadora: z.string().nullable(), recebivelData: z.string().nullable(), previstoLiquido: z.number().int().nullable(), antecipada: z.boolean().describe('Paga dias posteriores menos um desconto (antecipação)'), conciliadoEm: z.string() })
        .nullable()
        .describe('Como a linha foi conciliada (null: em aberto)'),
    }),
  ),
  importacoes: z.array(
    z.object({
      _id: z.string(),
      arquivoNome: z.string(),
      linhas: z.number().int(),
      importadas: z.number().int(),
      repetidas: z.number().int(),
      inicio: z.string().nullable(),
      fim: z.string().nullable(),
      saldo: z.number().int().nullable(),
      saldoData: z.string().nullable(),
      importadoEm: z.string(),
    }),
  ),
});

/** Bank reconciliation (issue 14): OFX import and the account's statement. Group, company and user from the session. */
export async function conciliacaoBancariaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/financeiroConciliacaoBancaria/importar',
    {
      preHandler: [requireSession(ctx), exigirPermissao(TELA, 'criar')],
      validatorCompiler: semValidar,
      // base64 of the largest file accepted, plus the JSON around it.
      bodyLimit: Math.ceil((TAMANHO_MAXIMO_OFX * 4) / 3) + 64 * 1024,
      schema: {
        ...comum,
        summary: 'Importa um extrato OFX numa conta financeira: cada linha uma vez por conta, mesmo com arquivos sobrepostos',
        description:
          'OFX 1 (SGML) ou 2 (XML), UTF-8 ou Windows-1252, até 10 MB. Só os extratos de conta em reais do banco da conta entram (seções de cartão de crédito ficam de fora). ' +
          'Uma linha é a mesma quando tem a mesma conta, FITID, data e valor (repetições no mesmo arquivo contam à parte). Arquivo inválido: 400 e nada é gravado. Permissão: criar em financeiroConciliacaoBancaria.',
        body: importarBody,
        response: { 200: envelopeOk(importarResposta) },
      },
    },
    async (request) => {
      const body = lerOuRecusar(importarBody, request.body, (c) => rotulos[c] ?? rotulos[c.split('.')[0]!] ?? c);
      const bytes = Buffer.from(body.arquivo.conteudo, 'base64');
      const lidos = lerArquivoOfx(bytes);
      const s = sessaoDe(request);
      // Matching runs in the import's transaction: the answer counts what the new lines reconciled.
      return ok(
        await withTenant(ctx.db, s, async (tx) => {
          const importado = await importarExtrato(tx, autorDaSessao(s), body.conta, { nome: body.arquivo.nome, bytes }, lidos);
          return { ...importado, conciliadas: (await conciliarAutomaticamente(tx, autorDaSessao(s), body.conta)).conciliadas };
        }),
      );
    },
  );

  r.get(
    '/api/financeiroConciliacaoBancaria/extrato',
    {
      preHandler: [requireSession(ctx), exigirPermissao(TELA, 'ver')],
      schema: {
        ...comum,
        summary: 'As linhas de extrato importadas de uma conta (mais recentes primeiro, até 2.000) e o histórico de importações',
        querystring: z.object({ conta: z.string().optional() }),
        response: { 200: envelopeOk(extratoResposta) },
      },
    },
    async (request) => {
      const contaId = request.query.conta;
      if (!contaId) throw recusa('conta', 'escolha a conta financeira.');
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => extratoDaConta(tx, autorDaSessao(s), contaId)));
    },
  );

  // Matching (issue 14): bodies read by the domain's schemas, 400 naming the field in Portuguese.
  const { rota, ler } = rotasDaTela(app, ctx, TELA, rotulosCampoConciliacao);

  rota('post', '/api/financeiroConciliacaoBancaria/conciliar', 'editar', 'Concilia automaticamente as linhas em aberto de uma conta: mesmo valor (±3 dias), soma do dia, recebíveis de cartão previstos, antecipações feitas pela operadora (um crédito que paga dias seguintes menos um desconto de até 5% ao mês), regras salvas', conciliarContaSchema, 200, async (tx, a, req) => {
    const { conta } = ler(conciliarContaSchema, req.body);
    await contaDaEmpresa(tx, a, conta);
    return conciliarAutomaticamente(tx, a, conta);
  });
  rota('post', '/api/financeiroConciliacaoBancaria/manual', 'editar', 'Concilia uma linha com um ou mais movimentos em aberto da mesma conta cuja soma é igual ao valor da linha', conciliarManualSchema, 200, (tx, a, req) =>
    conciliarManual(tx, a, ler(conciliarManualSchema, req.body)),
  );
  rota('get', '/api/financeiroConciliacaoBancaria/recebiveis', 'ver', 'Recebíveis de cartão em aberto da empresa que um crédito pode pagar (de uma semana antes a três meses depois da linha) e a operadora que o histórico nomeia', undefined, 200, (tx, a, req) =>
    recebiveisDaLinha(tx, a, ler(recebiveisDaLinhaSchema, req.query).linha),
  );
  rota('post', '/api/financeiroConciliacaoBancaria/recebivel', 'editar', 'Concilia à mão um crédito com o repasse de um dia de uma operadora (a diferença aparece na auditoria de taxas) ou, como antecipação, com dias posteriores pagos menos um desconto; 409 se um dia já foi conciliado', conciliarRecebivelSchema, 200, (tx, a, req) =>
    conciliarRecebivel(tx, a, ler(conciliarRecebivelSchema, req.body)),
  );
  rota('post', '/api/financeiroConciliacaoBancaria/desfazer', 'editar', 'Desfaz a conciliação de uma linha (409 se não estiver conciliada); os movimentos voltam a ficar em aberto', desconciliarSchema, 200, (tx, a, req) =>
    desconciliar(tx, a, ler(desconciliarSchema, req.body).linha),
  );
  rota('post', '/api/financeiroConciliacaoBancaria/movimentoDaLinha', 'criar', 'Cria o movimento de uma linha (valor e data da linha; plano de contas e descrição informados) e a concilia', movimentoDaLinhaSchema, 200, (tx, a, req) =>
    criarMovimentoDaLinha(tx, a, ler(movimentoDaLinhaSchema, req.body)),
  );
  rota('get', '/api/financeiroConciliacaoBancaria/movimentosAbertos', 'ver', 'Movimentos da conta ainda não conciliados (candidatos à conciliação manual), mais recentes primeiro, até 2.000', undefined, 200, async (tx, a, req) => {
    const { conta } = ler(conciliarContaSchema, req.query);
    await contaDaEmpresa(tx, a, conta);
    return (await movimentosAbertos(tx, a, conta, 2000)).map(({ id, ordem: _, ...m }) => ({ _id: id, ...m }));
  });
  rota('get', '/api/financeiroConciliacaoBancaria/saldoConciliado', 'ver', 'Saldo conciliado por dia de uma conta: o do banco (pelos extratos) e o do razão só com o saldo inicial e os movimentos conciliados', undefined, 200, (tx, a, req) =>
    saldoConciliadoPorDia(tx, a, ler(saldoConciliadoSchema, req.query)),
  );
  rota('get', '/api/financeiroConciliacaoBancaria/regras', 'ver', 'Regras de conciliação do grupo (histórico contém → plano de contas), na ordem em que são tentadas', undefined, 200, (tx, a) => listarRegras(tx, a));
  rota('post', '/api/financeiroConciliacaoBancaria/regras', 'criar', 'Salva uma regra: linhas cujo histórico contém o texto (opcionalmente de uma conta e de um sinal) viram movimento no plano de contas e são conciliadas', regraConciliacaoSchema, 200, (tx, a, req) =>
    criarRegra(tx, a, ler(regraConciliacaoSchema, req.body)),
  );
  rota('delete', '/api/financeiroConciliacaoBancaria/regras/:id', 'editar', 'Remove uma regra (as conciliações que ela fez ficam)', undefined, 200, async (tx, a, req) => {
    await removerRegra(tx, a, (req.params as { id: string }).id);
    return { removida: true };
  });
}
