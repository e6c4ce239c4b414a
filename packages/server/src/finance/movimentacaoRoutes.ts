import { estornoFinanceiroSchema, hojeNoFuso, filtroMovimentacaoSchema, movimentoFinanceiroSchema, rotulosCampoMovimentoFinanceiro, transferenciaFinanceiraSchema } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { estornar, listarMovimentacao, registrarMovimento, saldosDasContas, transferir } from './movimentacao.ts';
import { rotasDaTela } from './rotas.ts';

/** The money ledger's API (issue 14): movements of the active company, transfers, reversals, balances. */
export async function financeiroMovimentacaoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rota, ler } = rotasDaTela(app, ctx, 'financeiroMovimentacao', rotulosCampoMovimentoFinanceiro);

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
