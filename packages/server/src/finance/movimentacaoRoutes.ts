import { estornoFinanceiroSchema, hojeNoFuso, filtroMovimentacaoSchema, movimentoFinanceiroSchema, rotulosCampoMovimentoFinanceiro, transferenciaFinanceiraSchema } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import { estornar, listarMovimentacao, registrarMovimento, saldosDasContas, transferir } from './movimentacao.ts';
import type { AutorFinanceiro } from './razao.ts';

const TELA = 'financeiroMovimentacao';
const autor = (s: SessaoRequest): AutorFinanceiro => ({ grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario });
const semValidar = () => (data: unknown) => ({ value: data });
const comum = { tags: ['Financeiro'], security: [{ sessao: [] }] };
const ler = <T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> => lerOuRecusar(schema, corpo, (c) => rotulosCampoMovimentoFinanceiro[c.split('.')[0]!] ?? c);

/** The money ledger's API (issue 14): movements of the active company, transfers, reversals, balances. */
export async function financeiroMovimentacaoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rota = <T>(metodo: 'get' | 'post', url: string, acao: 'ver' | 'criar' | 'editar', summary: string, body: z.ZodType | undefined, status: 200 | 201, executar: (tx: Transaction, a: AutorFinanceiro, request: FastifyRequest) => Promise<T>) =>
    r[metodo](
      url,
      {
        preHandler: [requireSession(ctx), exigirPermissao(TELA, acao)],
        validatorCompiler: semValidar,
        schema: { ...comum, summary, ...(body ? { body } : {}), response: { [status]: envelopeOk(z.any()) } },
      },
      async (request, reply) => {
        const s = sessaoDe(request);
        return reply.code(status).send(ok(await withTenant(ctx.db, s, (tx) => executar(tx, autor(s), request))));
      },
    );

  rota('post', '/api/financeiroMovimentacao', 'criar', 'Lança uma entrada ou saída numa conta financeira da empresa ativa (valor positivo em centavos; o tipo dá o sinal)', movimentoFinanceiroSchema, 201, (tx, a, req) =>
    registrarMovimento(tx, a, ler(movimentoFinanceiroSchema, req.body)),
  );
  rota('post', '/api/financeiroMovimentacao/transferencia', 'criar', 'Transfere entre duas contas da empresa ativa: dois movimentos (saída e entrada) numa transação', transferenciaFinanceiraSchema, 201, (tx, a, req) =>
    transferir(tx, a, ler(transferenciaFinanceiraSchema, req.body)),
  );
  rota('post', '/api/financeiroMovimentacao/:id/estornar', 'editar', 'Estorna um movimento (uma transferência: os dois lados) com movimentos opostos na mesma data; estornar de novo é 409', estornoFinanceiroSchema, 200, (tx, a, req) =>
    estornar(tx, a, (req.params as { id: string }).id, ler(estornoFinanceiroSchema, req.body).motivo),
  );
  rota('post', '/api/financeiroMovimentacao/lista', 'ver', 'Movimentos da empresa ativa num período (conta, plano de contas, tipo, busca); com uma conta, o saldo anterior, o saldo após cada linha e o final', filtroMovimentacaoSchema, 200, (tx, a, req) =>
    listarMovimentacao(tx, a, ler(filtroMovimentacaoSchema, req.body)),
  );
  const filtroSaldos = z.object({ data: z.iso.date({ error: 'Informe a data (AAAA-MM-DD).' }).optional() });
  rota('get', '/api/financeiroMovimentacao/saldos', 'ver', 'Saldo de cada conta financeira da empresa ativa: o mantido (todos os movimentos) e o do fim de uma data (padrão: hoje)', undefined, 200, (tx, a, req) =>
    saldosDasContas(tx, a, lerOuRecusar(filtroSaldos, req.query, () => 'Data').data ?? hojeNoFuso()),
  );
}
