import { cnpjCheckDigits, contaPadrao, dataBr, hojeNoFuso, somarDias, somarMeses } from '@retaguarda/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, escolher, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const textos = (page: Page, testid: string) => page.getByTestId(testid).allTextContents();

describe('financeiroAgenda screen', () => {
  it('creates a payable in 3 installments, settles one with interest: paid in the list, the account lower, the next one due on the payments calendar', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = hojeNoFuso();
    await api(page, 'financeiroConta', { nome: 'Banco Agenda', tipo: 'Banco', banco: '341', saldoInicial: 500000, dataSaldoInicial: hoje });
    await api(page, 'pessoa', { nome: 'Energia Paulista S.A.', tipo: 'Jurídica', cpfCnpj: `987654320001${cnpjCheckDigits('987654320001')}`, cliente: false, fornecedor: true });

    await page.goto(`${ctx.server.url}/financeiroAgenda?de=${hoje}&ate=${somarDias(hoje, 100)}`);
    await page.getByTestId('financeiro-agenda').waitFor();
    await page.getByTestId('agenda-novo').click();
    await page.getByTestId('agenda-form').waitFor();
    await escolher(page, 'pessoa', 'Energia Paulista', 'Energia');
    await page.getByTestId('agenda-plano').click();
    await page.getByRole('option', { name: /5\.03 Energia/ }).click();
    await page.getByTestId('agenda-descricao').fill('Conta de energia');
    await page.getByTestId('agenda-valor').fill('1.000,00');
    await page.getByTestId('agenda-parcelas').fill('3');
    // The competence defaults to today; typed behind the dd/mm/aaaa mask: a day that does not exist is said, then last month's first day.
    const competencia = page.getByTestId('agenda-competencia');
    await expect.poll(() => competencia.inputValue()).toBe(dataBr(hoje));
    await competencia.fill('');
    await competencia.pressSequentially('31022026');
    await expect.poll(() => competencia.inputValue()).toBe('31/02/2026');
    await expect.poll(() => page.getByText('Data inválida: use dd/mm/aaaa.').count()).toBe(1);
    const mesPassado = `${somarMeses(hoje, -1).slice(0, 8)}01`;
    await competencia.fill('');
    await competencia.pressSequentially(dataBr(mesPassado).replaceAll('/', ''));
    await expect.poll(() => page.getByText('Data inválida: use dd/mm/aaaa.').count()).toBe(0);
    // The preview splits to the centavo, the odd one on the first.
    await expect.poll(() => page.getByTestId('agenda-previa-parcela').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent))).toEqual(['R$ 333,34', 'R$ 333,33', 'R$ 333,33']);
    await fotografar(page, 'financeiroAgenda-novo');
    await page.getByTestId('agenda-salvar').click();

    // The título opens: settle the first installment with R$ 12,34 of interest.
    await page.getByTestId('agenda-titulo').waitFor();
    await expect.poll(() => page.getByTestId('agenda-titulo-datas').textContent()).toBe(`Emissão: ${dataBr(hoje)} · Competência: ${dataBr(mesPassado)}`);
    await page.getByTestId('agenda-baixar').first().click();
    await page.getByTestId('agenda-baixa').waitFor();
    await page.getByTestId('agenda-baixa-conta').click();
    await page.getByRole('option', { name: 'Banco Agenda' }).click();
    await page.getByTestId('agenda-baixa-juros').fill('12,34');
    await expect.poll(() => page.getByTestId('agenda-baixa-total').textContent()).toContain('R$ 345,68');
    await fotografar(page, 'financeiroAgenda-baixa');
    await page.getByTestId('agenda-baixa-ok').click();
    await page.getByTestId('agenda-baixa').waitFor({ state: 'detached' });
    await expect.poll(() => textos(page, 'agenda-status')).toEqual(expect.arrayContaining(['Paga', 'Aberta', 'Aberta']));
    await expect.poll(() => page.getByTestId('agenda-titulo-baixa').textContent()).toContain('R$ 345,68');
    await fotografar(page, 'financeiroAgenda-titulo');

    // The list shows the paid installment and the totals; the bank account paid principal and interest.
    await page.keyboard.press('Escape');
    await page.getByTestId('agenda-titulo').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('agenda-totalPago').textContent()).toBe('R$ 333,34');
    await expect.poll(() => page.getByTestId('agenda-totalAberto').textContent()).toBe('R$ 666,66');
    await fotografar(page, 'financeiroAgenda', [[1440, 900], [390, 844]]);
    await page.goto(`${ctx.server.url}/financeiroMovimentacao`);
    await expect.poll(() => page.getByTestId('financeiro-saldo').filter({ hasText: 'Banco Agenda' }).getByTestId('financeiro-saldo-valor').textContent()).toBe('R$ 4.654,32');

    // The payments calendar: the settled day shows what was paid, the second installment's day what is due, and opens its list.
    const segunda = somarMeses(hoje, 1);
    await page.goto(`${ctx.server.url}/calendarioPagamento?mes=${segunda.slice(0, 7)}&dia=${segunda}`);
    await expect.poll(() => page.getByTestId(`calendario-dia-${segunda}`).getByTestId('calendario-dia-pagar').textContent()).toBe('↑ pagar R$ 333,33');
    await expect.poll(() => page.getByTestId('calendario-titulo').allTextContents()).toEqual([expect.stringContaining('Conta de energia')]);
    await fotografar(page, 'calendarioPagamento');
  });

  it('edits a título (names, an open installment moved and changed: the total follows) and settles two installments at once from the list', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = hojeNoFuso();
    await api(page, 'financeiroConta', { nome: 'Caixa Lote', tipo: 'Caixa', saldoInicial: 300000, dataSaldoInicial: hoje });
    const forn = await api<{ _id: string }>(page, 'pessoa', { nome: 'Hortifrúti Lote Ltda', tipo: 'Jurídica', cpfCnpj: `112233440001${cnpjCheckDigits('112233440001')}`, cliente: false, fornecedor: true });
    const novo = (descricao: string, valor: number, parcelas: number) =>
      api<{ _id: string }[]>(page, 'financeiroAgenda', { tipo: 'pagar', pessoa: forn._id, planoConta: contaPadrao('3.01')._id, descricao, emissao: hoje, valor, parcelas, vencimento: somarDias(hoje, 3) });
    const [feira] = await novo('Feira da semana', 60000, 2);
    await novo('Gelo e carvão', 12345, 1);

    // Edit: a new name, the second installment later and larger; the drawer's total follows.
    await page.goto(`${ctx.server.url}/financeiroAgenda?de=${hoje}&ate=${somarDias(hoje, 100)}&titulo=${feira!._id}`);
    await page.getByTestId('agenda-editar').click();
    await page.getByTestId('agenda-edicao').waitFor();
    await page.getByTestId('agenda-edicao-descricao').fill('Feira de hortifrúti');
    await page.getByTestId('agenda-edicao-vencimento-2').fill(dataBr(somarDias(hoje, 20)));
    await page.getByTestId('agenda-edicao-vencimento-2').press('Enter');
    await page.getByTestId('agenda-edicao-valor-2').fill('350,50');
    await expect.poll(() => page.getByTestId('agenda-edicao-total').textContent()).toBe('Total do título: R$ 650,50');
    // A total that changes is said so: saving waits until the user ticks it.
    await page.getByTestId('agenda-edicao-salvar').click();
    await expect.poll(() => page.getByTestId('agenda-edicao-erro-parcelas').textContent()).toContain('não somam o total do título');
    await page.getByTestId('agenda-edicao-alterar-total').check();
    await fotografar(page, 'financeiroAgenda-editar');
    await page.getByTestId('agenda-edicao-salvar').click();
    await page.getByTestId('agenda-titulo').waitFor();
    await expect.poll(() => page.getByTestId('agenda-titulo-total').textContent()).toBe('Total do título: R$ 650,50');
    await expect.poll(() => page.getByTestId('agenda-titulo-parcela').allTextContents()).toEqual([expect.stringContaining('R$ 300,00'), expect.stringContaining(`${dataBr(somarDias(hoje, 20))}R$ 350,50`)]);
    await page.keyboard.press('Escape');
    await page.getByTestId('agenda-titulo').waitFor({ state: 'detached' });

    // Choose the first installment of the feira and the ice bill: the button says how many and how much.
    const linha = (texto: string) => page.getByTestId('agenda-linha').filter({ hasText: texto });
    await linha('Feira de hortifrúti').first().getByTestId('agenda-escolher').check();
    await linha('Gelo e carvão').getByTestId('agenda-escolher').check();
    await expect.poll(() => page.getByTestId('agenda-baixar-selecionadas').textContent()).toBe('Baixar selecionadas (2): R$ 423,45');
    await fotografar(page, 'financeiroAgenda-selecionadas');
    await page.getByTestId('agenda-baixar-selecionadas').click();
    await page.getByTestId('agenda-baixa-varias').waitFor();
    await page.getByTestId('agenda-baixa-varias-conta').click();
    await page.getByRole('option', { name: 'Caixa Lote' }).click();
    // Per row: R$ 5,67 of interest on the feira, R$ 3,45 of discount on the ice; each row's total and the sum follow.
    const linhaBaixa = (texto: string) => page.getByTestId('agenda-baixa-varias-linha').filter({ hasText: texto });
    await linhaBaixa('Feira de hortifrúti').getByTestId('agenda-baixa-varias-juros').fill('5,67');
    await linhaBaixa('Gelo e carvão').getByTestId('agenda-baixa-varias-desconto').fill('3,45');
    await expect.poll(() => linhaBaixa('Feira de hortifrúti').getByTestId('agenda-baixa-varias-linha-total').textContent()).toBe('R$ 305,67');
    await expect.poll(() => linhaBaixa('Gelo e carvão').getByTestId('agenda-baixa-varias-linha-total').textContent()).toBe('R$ 120,00');
    await expect.poll(() => page.getByTestId('agenda-baixa-varias-total').textContent()).toBe('Total pago: R$ 425,67');
    await fotografar(page, 'financeiroAgenda-baixar-varias');
    await page.getByTestId('agenda-baixa-varias-ok').click();
    await page.getByTestId('agenda-baixa-varias').waitFor({ state: 'detached' });
    await expect.poll(() => linha('Gelo e carvão').getByTestId('agenda-status').textContent()).toBe('Paga');
    await expect.poll(() => linha('Feira de hortifrúti').getByTestId('agenda-status').allTextContents()).toEqual(['Paga', 'Aberta']);
    expect(await page.getByTestId('agenda-baixar-selecionadas').count()).toBe(0);
    // Choosing every open row at once: the rest of the list (the energy bill of the first test and the feira's second installment).
    await page.getByTestId('agenda-escolher-todas').click();
    await expect.poll(() => page.getByTestId('agenda-baixar-selecionadas').textContent()).toBe('Baixar selecionadas (3): R$ 1.017,16');
    // The cash account paid principal plus interest less discount: 3.000,00 − 300,00 − 5,67 − 123,45 + 3,45.
    await page.goto(`${ctx.server.url}/financeiroMovimentacao`);
    await expect.poll(() => page.getByTestId('financeiro-saldo').filter({ hasText: 'Caixa Lote' }).getByTestId('financeiro-saldo-valor').textContent()).toBe('R$ 2.574,33');
    await page.getByTestId('financeiro-saldo').filter({ hasText: 'Caixa Lote' }).click();
    await expect.poll(() => page.getByTestId('financeiro-linha').filter({ hasText: 'Juros e multa: Feira de hortifrúti' }).textContent()).toContain('-R$ 5,67');
    await expect.poll(() => page.getByTestId('financeiro-linha').filter({ hasText: 'Desconto: Gelo e carvão' }).textContent()).toContain('R$ 3,45');
  });

  it('removes an installment and adds one: the total spread again over the open ones, then changed on purpose', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = hojeNoFuso();
    const forn = await api<{ _id: string }>(page, 'pessoa', { nome: 'Construtora Reforma Ltda', tipo: 'Jurídica', cpfCnpj: `556677880001${cnpjCheckDigits('556677880001')}`, cliente: false, fornecedor: true });
    const [reforma] = await api<{ _id: string }[]>(page, 'financeiroAgenda', { tipo: 'pagar', pessoa: forn._id, planoConta: contaPadrao('5.01')._id, descricao: 'Reforma da cozinha', emissao: hoje, valor: 90000, parcelas: 3, vencimento: somarDias(hoje, 10) });

    await page.goto(`${ctx.server.url}/financeiroAgenda?de=${hoje}&ate=${somarDias(hoje, 100)}&titulo=${reforma!._id}`);
    await page.getByTestId('agenda-editar').click();
    await page.getByTestId('agenda-edicao').waitFor();
    // The third installment goes: the two left hold 600,00 of 900,00 until the total is spread again over them.
    await page.getByTestId('agenda-edicao-remover').nth(2).click();
    await expect.poll(() => page.getByTestId('agenda-edicao-total-mudou').textContent()).toContain('As parcelas somam R$ 600,00; o total do título era R$ 900,00.');
    await page.getByTestId('agenda-edicao-redistribuir').click();
    await expect.poll(() => page.getByTestId('agenda-edicao-total').textContent()).toBe('Total do título: R$ 900,00');
    expect(await page.getByTestId('agenda-edicao-valor-2').inputValue()).toBe('450,00');
    expect(await page.getByTestId('agenda-edicao-total-mudou').count()).toBe(0);
    // A new one of 150,00 a month after the last: the total becomes 1.050,00, ticked on purpose.
    await page.getByTestId('agenda-edicao-adicionar').click();
    await page.getByTestId('agenda-edicao-valor-3').fill('150,00');
    await page.getByTestId('agenda-edicao-alterar-total').check();
    await expect.poll(() => page.getByTestId('agenda-edicao-total').textContent()).toBe('Total do título: R$ 1.050,00');
    await fotografar(page, 'financeiroAgenda-parcelas');
    await page.getByTestId('agenda-edicao-salvar').click();
    await page.getByTestId('agenda-titulo').waitFor();
    await expect.poll(() => page.getByTestId('agenda-titulo-total').textContent()).toBe('Total do título: R$ 1.050,00');
    const segunda = somarMeses(somarDias(hoje, 10), 1);
    await expect.poll(() => page.getByTestId('agenda-titulo-parcela').allTextContents()).toEqual([
      expect.stringMatching(/^1\/3.*R\$ 450,00/),
      expect.stringContaining(`2/3${dataBr(segunda)}R$ 450,00`),
      expect.stringContaining(`3/3${dataBr(somarMeses(segunda, 1))}R$ 150,00`),
    ]);
    // The list: three installments of the título, the removed one gone.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('agenda-linha').filter({ hasText: 'Reforma da cozinha' }).count()).toBe(3);
  });

  it('a payment due two days ago scheduled for three days ahead: Agendado on its day, neither overdue nor to pay on its due date; the dashboard projects it', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = hojeNoFuso();
    const vencimento = somarDias(hoje, -2);
    const agendada = somarDias(hoje, 3);
    const conta = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Banco Agendamentos', tipo: 'Banco', banco: '237', saldoInicial: 300000, dataSaldoInicial: somarDias(hoje, -30) });
    const pessoa = await api<{ _id: string }>(page, 'pessoa', { nome: 'Hortifrúti Serra Verde Ltda', tipo: 'Jurídica', cpfCnpj: `456123780001${cnpjCheckDigits('456123780001')}`, cliente: false, fornecedor: true });
    const [titulo] = await api<{ parcelas: { _id: string }[] }[]>(page, 'financeiroAgenda', { tipo: 'pagar', pessoa: pessoa._id, planoConta: contaPadrao('3.01')._id, descricao: 'Hortifrúti da semana', emissao: somarDias(hoje, -10), valor: 45678, vencimento });
    await api(page, `financeiroAgenda/parcelas/${titulo!.parcelas[0]!._id}/baixar`, { conta: conta._id, data: agendada, valor: 45678, juros: 122 });

    // The scheduled day: its own badge, not paid; the day's list has the scheduled payment with its account.
    await page.goto(`${ctx.server.url}/calendarioPagamento?mes=${agendada.slice(0, 7)}&dia=${agendada}`);
    const casa = page.getByTestId(`calendario-dia-${agendada}`);
    await expect.poll(() => casa.getByTestId('calendario-dia-agendado-pagar').textContent()).toBe('agendado ↑ R$ 458,00');
    expect(await casa.getByTestId('calendario-dia-pago').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('calendario-agendada').filter({ hasText: 'Hortifrúti da semana' }).textContent())
      .toBe(`Agendado a pagarHortifrúti da semanaHortifrúti Serra Verde Ltda1/1vence em ${dataBr(vencimento)}Banco AgendamentosR$ 458,00`);
    await fotografar(page, 'calendarioPagamento-agendado');

    // The due date: nothing to pay nor overdue there; its row says it is scheduled instead of overdue.
    await page.goto(`${ctx.server.url}/calendarioPagamento?mes=${vencimento.slice(0, 7)}&dia=${vencimento}`);
    const linha = page.getByTestId('calendario-titulo').filter({ hasText: 'Hortifrúti da semana' });
    await expect.poll(() => linha.getByTestId('calendario-titulo-agendado').textContent()).toBe('Agendado R$ 456,78');
    expect(await linha.textContent()).toContain('R$ 0,00');
    expect(await linha.textContent()).not.toContain('Vencida');
    await fotografar(page, 'calendarioPagamento-vencimentoAgendado');

    // The dashboard: the projection's card counts it among the scheduled settlements.
    await page.goto(`${ctx.server.url}/financeiroResumo`);
    await expect.poll(() => page.getByTestId('resumo-previsto').textContent()).toContain('dos quais baixas agendadas');
    await fotografar(page, 'financeiroResumo-agendado');
  });
});
