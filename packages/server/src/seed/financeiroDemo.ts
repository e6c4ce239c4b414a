import { contaPadrao, escreverOfx, findRecurso, somarDias, somarMeses } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { conciliarAutomaticamente } from '../finance/conciliacao/conciliacao.ts';
import { importarExtrato, lerArquivoOfx } from '../finance/conciliacao/importacao.ts';
import { criarRegra } from '../finance/conciliacao/regras.ts';
import { lancar, type AutorFinanceiro, type LancamentoNovo } from '../finance/razao.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import { prepararAgendaDemo } from './agendaDemo.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

/** A year of history, so the income statement (relatorioFinanceiroPlanoDeContas) shows twelve believable months. */
const DIAS = 365;
/** The recent days, posted with the accounts, the bank statement and the agenda; the older ones a month per transaction. */
const DIAS_RECENTES = 60;
const plano = (codigo: string) => contaPadrao(codigo)._id;

/** A store's four accounts and their opening balances (posted by the account's hook as saldoInicial). */
const CONTAS = [
  { chave: 'caixa', nome: 'Caixa da loja', tipo: 'Caixa', saldoInicial: 50_000 },
  { chave: 'banco', nome: 'Banco Itaú conta movimento', tipo: 'Banco', banco: '341', agencia: '0912', numeroConta: '45871-3', saldoInicial: 8_500_000 },
  { chave: 'adquirente', nome: 'Carteira Stone', tipo: 'Carteira de adquirente', saldoInicial: 1_250_000 },
  { chave: 'ifood', nome: 'Carteira iFood', tipo: 'Carteira de app de delivery', saldoInicial: 320_000 },
] as const;
type Chave = (typeof CONTAS)[number]['chave'];

/**
 * The demonstration's money: for each store without accounts, its cash box, bank account, acquirer and
 * iFood wallets, and a year up to today of what a restaurant's money does (sales into the wallets, a
 * busier December and quieter January and July, transfers to the bank, rent, energy, payroll, suppliers,
 * bank fees), all through the ledger's writer; and its agenda of payables and receivables around today
 * (agendaDemo.ts), which pays rent, energy and payroll from last month on (before it, plain movements).
 */
export async function prepararFinanceiroDemo(db: Database, s: SessaoRequest, empresas: readonly string[], hoje: string): Promise<void> {
  for (const [l, empresa] of empresas.entries()) {
    const sessao = { ...s, empresa };
    const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa, usuario: s.usuario };
    const inicio = somarDias(hoje, -DIAS);
    const recentes = somarDias(hoje, -DIAS_RECENTES);
    await withTenant(db, sessao, async (tx) => {
      const ja = await tx.execute(sql`select 1 from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'financeiroConta' and empresa_id = ${empresa} limit 1`);
      if (ja.rows.length) return;
      const ids = {} as Record<Chave, string>;
      for (const { chave, ...c } of CONTAS) ids[chave] = (await criarNaTransacao(tx, findRecurso('financeiroConta')!, sessao, { ...c, dataSaldoInicial: inicio }))._id as string;
      const movimentos = movimentosDemo(ids, recentes, hoje, l + 1, hoje);
      await lancar(tx, autor, movimentos);
      await extratoDemo(tx, autor, ids.banco, movimentos, hoje);
      await prepararAgendaDemo(tx, sessao, autor, ids.banco, hoje, l + 1);
    });
    // The older months, one short transaction each (the embedded database has one connection: sign-ins wait
    // for nothing long); a month already there is skipped, so an interrupted fill completes on the next start.
    for (let ate = recentes; ate > inicio; ) {
      const de = somarDias(ate, -30) > inicio ? somarDias(ate, -30) : inicio;
      await withTenant(db, sessao, async (tx) => {
        const contas = await tx.execute<{ id: string; nome: string; desde: string | null }>(sql`
          select id, dados->>'nome' nome, dados->>'dataSaldoInicial' desde from registro
          where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'financeiroConta' and empresa_id = ${empresa} and not lixo`);
        const ids = {} as Record<Chave, string>;
        for (const c of CONTAS) {
          const achada = contas.rows.find((r) => r.nome === c.nome);
          // Accounts of an older demonstration open later: nothing is posted before an account's opening.
          if (!achada || !achada.desde || achada.desde > de) return;
          ids[c.chave] = achada.id;
        }
        const feito = await tx.execute(sql`
          select 1 from financeiro_movimento where grupo_empresarial_id = ${s.grupoEmpresarial} and conta_id = ${ids.adquirente} and data > ${de}::date and data <= ${ate}::date limit 1`);
        if (!feito.rows.length) await lancar(tx, autor, movimentosDemo(ids, de, ate, l + 1, hoje));
      });
      ate = de;
    }
  }
}

/**
 * The bank account's statement of the last month (to three days ago), imported and matched as a user's
 * would be: most lines find their movement (some a day later), a bank fee goes by the group's rule
 * "TARIFA", and a customer's PIX and a few movements stay open for the screen to show.
 */
async function extratoDemo(tx: Transaction, autor: AutorFinanceiro, conta: string, movimentos: readonly LancamentoNovo[], hoje: string): Promise<void> {
  const regras = await tx.execute(sql`select 1 from financeiro_conciliacao_regra where grupo_empresarial_id = ${autor.grupoEmpresarial} limit 1`);
  if (!regras.rows.length) await criarRegra(tx, autor, { texto: 'TARIFA', planoConta: plano('9.01'), conta: null, sinal: 'debito', descricao: 'Tarifa bancária' });
  const de = somarDias(hoje, -30);
  const ate = somarDias(hoje, -3);
  const linhas: [string, number, string][] = movimentos
    .filter((m) => m.contaId === conta && m.data >= de && m.data <= ate)
    // Every seventh has no line yet (the bank has not posted it); every fourth is posted a day later.
    .flatMap((m, i) => (i % 7 === 6 ? [] : [[i % 4 === 3 ? somarDias(m.data, 1) : m.data, m.valor, m.descricao.toUpperCase()] as [string, number, string]]));
  linhas.push([somarDias(de, 4), -350, 'TARIFA PIX ENVIADO'], [somarDias(de, 9), 12_345, 'PIX RECEBIDO CLIENTE']);
  const ofx = escreverOfx({ banco: '0341', agencia: '0912', numero: '45871-3' }, linhas.map(([data, valor, memo], i) => ({ fitid: `DEMO${i + 1}`, data, valor, memo })));
  const bytes = Buffer.from(ofx, 'latin1');
  await importarExtrato(tx, autor, conta, { nome: `extrato-itau-${ate}.ofx`, bytes }, lerArquivoOfx(bytes));
  await conciliarAutomaticamente(tx, autor, conta);
}

/**
 * The days after `inicio` up to `fim`, deterministic amounts around a base (±20%), different per store and
 * day; `hoje`, the demonstration's today, says which months the agenda pays.
 */
function movimentosDemo(c: Record<Chave, string>, inicio: string, fim: string, loja: number, hoje: string): LancamentoNovo[] {
  let semente = 97 * loja;
  const perto = (base: number) => {
    semente = (semente * 1103515245 + 12345) % 2 ** 31;
    return Math.round(base * (0.8 + (semente % 4000) / 10_000));
  };
  // Sales by season (percent): holidays in December, quiet after them and in the July holidays.
  const sazonal: Record<string, number> = { '12': 125, '01': 85, '02': 92, '07': 90 };
  // Before last month the agenda holds nothing: rent, payroll, energy and the accountant were paid as plain movements.
  const inicioDaAgenda = somarMeses(`${hoje.slice(0, 8)}01`, -1);
  const escala = (centavos: number) => Math.round((centavos * (90 + ((loja * 7) % 21))) / 100);
  const m: LancamentoNovo[] = [];
  const mov = (conta: Chave, data: string, valor: number, codigo: string | null, descricao: string, tipo: 'entrada' | 'saida' = valor > 0 ? 'entrada' : 'saida') =>
    m.push({ contaId: c[conta], data, valor, tipo, planoContaId: codigo && plano(codigo), descricao, documentoTipo: 'financeiroMovimentacao' });
  const transferir = (de: Chave, para: Chave, data: string, valor: number, descricao: string) => {
    const transferenciaId = `demo-${de}-${para}-${data}-${loja}`;
    m.push({ contaId: c[de], data, valor: -valor, tipo: 'transferencia', descricao, transferenciaId, documentoTipo: 'financeiroMovimentacao' });
    m.push({ contaId: c[para], data, valor, tipo: 'transferencia', descricao, transferenciaId, documentoTipo: 'financeiroMovimentacao' });
  };
  for (let dia = somarDias(inicio, 1); dia <= fim; dia = somarDias(dia, 1)) {
    const dd = Number(dia.slice(8));
    const semana = new Date(`${dia}T12:00:00Z`).getUTCDay();
    const estacao = (base: number) => Math.round((base * (sazonal[dia.slice(5, 7)] ?? 100)) / 100);
    const cartao = perto(estacao(520_000));
    mov('adquirente', dia, cartao, '1.01', 'Vendas no cartão (Stone)');
    mov('adquirente', dia, -Math.round(cartao * 0.0219), '2.02', 'Taxa de cartão (MDR)');
    mov('caixa', dia, perto(estacao(95_000)), '1.01', 'Vendas em dinheiro');
    mov('ifood', dia, perto(estacao(160_000)), '1.03', 'Pedidos iFood');
    if (semana === 1) {
      transferir('caixa', 'banco', dia, 500_000, 'Depósito do caixa');
      transferir('ifood', 'banco', dia, 900_000, 'Repasse iFood');
      mov('ifood', dia, -perto(150_000), '2.03', 'Comissão iFood');
      mov('banco', dia, -perto(1_100_000), '3.01', 'Fornecedor de alimentos (Atacadão)');
      mov('banco', dia, -perto(380_000), '3.02', 'Bebidas (distribuidora)');
    }
    if (semana === 2 || semana === 5) transferir('adquirente', 'banco', dia, 1_600_000, 'Repasse Stone');
    if (semana === 4) mov('banco', dia, -perto(120_000), '3.03', 'Embalagens');
    // Rent, payroll and energy are paid through the agenda (agendaDemo.ts) from last month on.
    if (dia < inicioDaAgenda && dd === 5) {
      mov('banco', dia, -1_800_000, '5.01', 'Aluguel do ponto');
      mov('banco', dia, -escala(4_200_000), '4.01', 'Folha de pagamento');
    }
    if (dia < inicioDaAgenda && dd === 10) {
      mov('banco', dia, -escala(perto(320_000)), '5.03', 'Energia elétrica (Enel)');
      mov('banco', dia, -120_000, '6.01', 'Honorários contábeis');
    }
    if (dd === 5) mov('banco', dia, -1_200_000, '4.04', 'Pró-labore');
    if (dd === 8) mov('banco', dia, -19_990, '5.06', 'Internet');
    if (dd === 12) mov('banco', dia, -perto(68_000), '5.04', 'Água (Sabesp)');
    if (dd === 15) mov('banco', dia, -perto(95_000), '5.05', 'Gás (Comgás)');
    if (dd === 20) {
      mov('banco', dia, -perto(1_350_000), '4.02', 'Encargos (FGTS e INSS)');
      mov('banco', dia, -perto(640_000), '2.01', 'Simples Nacional (DAS)');
    }
    if (dd === 25) mov('banco', dia, -8_990, '9.01', 'Tarifa bancária');
  }
  return m;
}
