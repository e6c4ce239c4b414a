import { cnpjCheckDigits, contaPadrao, findRecurso, somarDias, somarMeses, type TituloBody } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { baixarParcela } from '../finance/agenda/baixas.ts';
import { criarTitulos } from '../finance/agenda/titulos.ts';
import type { AutorFinanceiro } from '../finance/razao.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

const plano = (codigo: string) => contaPadrao(codigo)._id;

/** The people of the demonstration's agenda, once per group (found by name). */
const PESSOAS = {
  imobiliaria: { nome: 'Imobiliária Central Ltda', fornecedor: true, cliente: false },
  enel: { nome: 'Enel Distribuição São Paulo', fornecedor: true, cliente: false },
  atacadao: { nome: 'Atacadão S.A.', fornecedor: true, cliente: false },
  bebidas: { nome: 'Distribuidora de Bebidas Paulista Ltda', fornecedor: true, cliente: false },
  folha: { nome: 'Colaboradores (folha de pagamento)', fornecedor: true, cliente: false },
  contabilidade: { nome: 'Contabilidade Exata Ltda', fornecedor: true, cliente: false },
  construtora: { nome: 'Construtora Horizonte S.A.', fornecedor: false, cliente: true },
  agencia: { nome: 'Agência Lumen Eventos', fornecedor: false, cliente: true },
  refrigeracao: { nome: 'Refrigeração Polar Ltda', fornecedor: true, cliente: false },
} as const;

async function pessoasDemo(tx: Transaction, s: SessaoRequest): Promise<Record<keyof typeof PESSOAS, string>> {
  const nomes = Object.values(PESSOAS).map((p) => p.nome);
  const achadas = await tx.execute<{ id: string; nome: string }>(sql`
    select id, dados->>'nome' as nome from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'pessoa' and not lixo and dados->>'nome' = any(${sql.param(nomes)}::text[])`);
  const porNome = new Map(achadas.rows.map((r) => [r.nome, r.id]));
  const ids = {} as Record<keyof typeof PESSOAS, string>;
  for (const [i, [chave, p]] of (Object.entries(PESSOAS) as [keyof typeof PESSOAS, (typeof PESSOAS)[keyof typeof PESSOAS]][]).entries()) {
    const raiz = `${61_000_000 + i}0001`;
    ids[chave] = porNome.get(p.nome) ?? ((await criarNaTransacao(tx, findRecurso('pessoa')!, s, { tipo: 'Jurídica', cpfCnpj: raiz + cnpjCheckDigits(raiz), ...p }))._id as string);
  }
  return ids;
}

/** Títulos nobody settled: [tipo, pessoa, chart account, descrição, centavos, days overdue]. */
const EM_ATRASO: readonly (readonly ['pagar' | 'receber', keyof typeof PESSOAS, string, string, number, number])[] = [
  ['pagar', 'atacadao', '3.01', 'Boleto em contestação (NF com divergência)', 215_000, 74],
  ['pagar', 'contabilidade', '6.01', 'Honorários contábeis (13º)', 120_000, 35],
  ['receber', 'construtora', '1.04', 'Coffee break do lançamento', 1_250_000, 48],
  ['receber', 'agencia', '1.04', 'Festa de fim de ano (saldo)', 680_000, 97],
];

/** The payable whose payment is scheduled ahead. */
const AGENDADA = 'Manutenção da câmara fria';

/**
 * A store's payables and receivables over two months around today (rent, energy, payroll on recurrence;
 * suppliers in installments; a corporate customer and events): what fell due before today is settled
 * from the bank through the agenda's own settlement (one with a fine and interest, one partly), the
 * accountant's bill stays overdue, and a supplier and a corporate customer are due today; a few older
 * ones stay open for months (EM_ATRASO); the cold room's maintenance, due in a week, is already scheduled
 * with the bank for its due date (a "pagamento agendado": on the calendar, not paid until then).
 */
export async function prepararAgendaDemo(tx: Transaction, s: SessaoRequest, autor: AutorFinanceiro, banco: string, hoje: string, loja: number): Promise<void> {
  const p = await pessoasDemo(tx, s);
  const mesPassado = somarMeses(`${hoje.slice(0, 8)}01`, -1);
  const dia = (d: number) => `${mesPassado.slice(0, 8)}${String(d).padStart(2, '0')}`;
  const escala = (centavos: number) => Math.round((centavos * (90 + ((loja * 7) % 21))) / 100);
  const base = { emissao: somarDias(hoje, -40), documento: '', parcelas: 1, recorrencia: null } as const;
  const mensal = (diaDoMes: number) => ({ frequencia: 'mensal' as const, ocorrencias: 3, diaDoMes });
  const titulos: TituloBody[] = [
    { ...base, tipo: 'pagar', pessoa: p.imobiliaria, planoConta: plano('5.01'), descricao: 'Aluguel do ponto', documento: 'Contrato 2024/118', valor: 1_800_000, vencimento: dia(5), recorrencia: mensal(5) },
    { ...base, tipo: 'pagar', pessoa: p.enel, planoConta: plano('5.03'), descricao: 'Energia elétrica', valor: escala(320_000), vencimento: dia(10), recorrencia: mensal(10) },
    { ...base, tipo: 'pagar', pessoa: p.folha, planoConta: plano('4.01'), descricao: 'Folha de pagamento', valor: escala(4_200_000), vencimento: dia(5), recorrencia: mensal(5) },
    { ...base, tipo: 'pagar', pessoa: p.atacadao, planoConta: plano('3.01'), descricao: 'Compra de alimentos', documento: `NF ${48_210 + loja}`, valor: escala(1_100_000), parcelas: 2, vencimento: somarDias(hoje, -20) },
    { ...base, tipo: 'pagar', pessoa: p.bebidas, planoConta: plano('3.02'), descricao: 'Bebidas', documento: `NF ${9_870 + loja}`, valor: escala(380_000), vencimento: hoje },
    { ...base, tipo: 'pagar', pessoa: p.contabilidade, planoConta: plano('6.01'), descricao: 'Honorários contábeis', valor: 120_000, vencimento: somarDias(hoje, -3) },
    { ...base, tipo: 'receber', pessoa: p.construtora, planoConta: plano('1.04'), descricao: 'Refeições corporativas (convênio)', valor: escala(850_000), vencimento: hoje, recorrencia: { frequencia: 'mensal', ocorrencias: 3, diaDoMes: null } },
    { ...base, tipo: 'receber', pessoa: p.agencia, planoConta: plano('1.04'), descricao: 'Buffet de confraternização', documento: 'Pedido 311', valor: escala(2_400_000), parcelas: 3, vencimento: somarDias(hoje, -15) },
    // Left unpaid for months, so the aging has every bucket: a disputed invoice, an old bill, a customer slow to pay.
    ...EM_ATRASO.map(([tipo, pessoa, codigo, descricao, valor, dias]) => ({ ...base, emissao: somarDias(hoje, -dias - 30), tipo, pessoa: p[pessoa], planoConta: plano(codigo), descricao, valor: escala(valor), vencimento: somarDias(hoje, -dias) })),
    { ...base, emissao: somarDias(hoje, -5), tipo: 'pagar', pessoa: p.refrigeracao, planoConta: plano('8.01'), descricao: AGENDADA, documento: `NFS-e ${1_204 + loja}`, valor: escala(187_500), vencimento: somarDias(hoje, 7) },
  ];
  for (const t of titulos) {
    for (const titulo of await criarTitulos(tx, autor, t)) {
      for (const parcela of titulo.parcelas) {
        if (t.descricao === AGENDADA) {
          await baixarParcela(tx, autor, parcela._id, { conta: banco, data: parcela.vencimento, valor: parcela.valor, juros: 0, multa: 0, desconto: 0 });
          continue;
        }
        if (parcela.vencimento >= somarDias(hoje, -2) || t.descricao === 'Honorários contábeis' || EM_ATRASO.some((e) => e[3] === t.descricao)) continue;
        // Last month's energy paid three days late with a 2% fine and interest; the event's first installment half paid.
        const atrasada = t.descricao === 'Energia elétrica' && parcela.vencimento === dia(10);
        const valor = t.descricao === 'Buffet de confraternização' ? Math.floor(parcela.valor / 2) : parcela.valor;
        const data = atrasada ? somarDias(parcela.vencimento, 3) : parcela.vencimento;
        await baixarParcela(tx, autor, parcela._id, { conta: banco, data: data > hoje ? hoje : data, valor, juros: atrasada ? Math.round(parcela.valor * 0.001) : 0, multa: atrasada ? Math.round(parcela.valor * 0.02) : 0, desconto: 0 });
      }
    }
  }
}
