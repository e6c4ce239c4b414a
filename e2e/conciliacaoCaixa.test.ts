import { describe, expect, it } from 'vitest';
import { contaPadrao } from '@retaguarda/domain';
import { api, escolher, salvarFormulario, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** What a terminal sends with its credential, from outside the browser. */
async function doTerminal(token: string, caminho: string, corpo: unknown, status = 201): Promise<{ data: { _id: string } }> {
  const res = await fetch(`${ctx.server.url}/api/${caminho}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json() as Promise<{ data: { _id: string } }>;
}

describe('Conciliação de caixa', () => {
  it('a terminal opens a period, sells and sends a sangria; the closing declares a shortfall, is approved, the cash reaches the Caixa account; a manager reopens it (reversed) and approves again', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'UNX', descricao: 'Unidade caixa' });
    const suco = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Suco caixa', unidade: un._id, ncm: '20091200' });
    const dinheiro = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'Dinheiro caixa', tipo: 'Dinheiro', permiteTroco: true });
    const credito = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'Crédito caixa', tipo: 'Cartão de Crédito' });
    const conta = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Gaveta E2E', tipo: 'Caixa', dataSaldoInicial: hoje });
    const caixa = await api<{ _id: string }>(page, 'caixa', { descricao: 'Caixa E2E', fundoTroco: 10000, contaFinanceira: conta._id });
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'PDV caixa', tipo: 'PDV', configuracoes: { caixa: caixa._id, setorImpressaoCaixa: null, setorImpressaoNfce: null } });
    const { token } = await api<{ token: string }>(page, `terminal/${terminal._id}/credencial`, {});

    const periodo = (await doTerminal(token, 'periodo/abrir', { abertoEm: `${hoje}T08:00:00-03:00` })).data._id;
    const venda = (pedidoId: string, total: number, pagamento: Record<string, unknown>) => ({
      pedidoId,
      periodo,
      canal: 'Balcão',
      abertoEm: `${hoje}T09:00:00-03:00`,
      fechadoEm: `${hoje}T09:05:00-03:00`,
      itens: [{ produto: suco._id, quantidade: '1', precoUnitario: total }],
      pagamentos: [pagamento],
      total,
    });
    await doTerminal(token, 'vendas', venda('CX-1', 3750, { formaPagamento: dinheiro._id, tPag: '01', valor: 5000, troco: 1250 }));
    await doTerminal(token, 'vendas', venda('CX-2', 2590, { formaPagamento: credito._id, tPag: '03', valor: 2590 }));
    // The POS sends a sangria of R$ 10,00 with its credential.
    await doTerminal(token, `periodo/${periodo}/movimentos`, { id: 'pdv-caixa-sangria-1', tipo: 'sangria', valor: 1000, motivo: 'Excesso na gaveta' });

    await page.goto(`${ctx.server.url}/conciliacaoCaixa?situacao=aberto`);
    const linha = page.getByTestId('caixa-periodo').filter({ hasText: 'Caixa E2E' });
    await expect.poll(() => linha.getByTestId('caixa-situacao').textContent()).toBe('Aberto');
    expect(await linha.textContent()).toContain('R$ 63,40');
    await fotografar(page, 'conciliacaoCaixa-periodos');
    await linha.getByTestId('caixa-conferir').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('periodo')).toBe(periodo);

    // A sangria of R$ 20,00 to the safe typed here, beside the terminal's: the drawer should hold 100,00 + 37,50 − 10,00 − 20,00.
    await page.getByTestId('movimento-valor').fill('20,00');
    await page.getByTestId('movimento-motivo').fill('Depósito no cofre');
    await page.getByTestId('movimento-adicionar').click();
    await expect.poll(() => page.getByTestId('fechamento-movimento').count()).toBe(2);
    expect(await page.getByTestId('fechamento-movimento').first().textContent()).toContain('Terminal (PDV)');
    const sistema = () => page.getByTestId('fechamento-sistema').allTextContents();
    await expect.poll(sistema).toEqual(['R$ 107,50', 'R$ 25,90']);

    // Where the difference goes: the default chart's accounts, until the company chooses its own in its finance settings.
    await expect.poll(() => page.getByTestId('fechamento-contas-diferenca').textContent()).toContain('em 1.04 Outras receitas e a falta em 6 Despesas administrativas. (contas padrão do plano)');
    await api(page, 'financeiroPlanoConta', { codigo: '6.95', nome: 'Quebra de caixa E2E', pai: contaPadrao('6')._id, natureza: 'Despesa' });
    await page.getByTestId('fechamento-contas-alterar').click();
    await page.getByTestId('recurso-form').waitFor();
    await escolher(page, 'configuracoes.financeiro.planoContaFaltaCaixa', 'Quebra de caixa E2E', 'Quebra');
    await page.getByTestId('campo-configuracoes.financeiro').scrollIntoViewIfNeeded();
    await fotografar(page, 'empresa-financeiro');
    await salvarFormulario(page);
    await page.goto(`${ctx.server.url}/conciliacaoCaixa?periodo=${periodo}`);
    await expect.poll(() => page.getByTestId('fechamento-contas-diferenca').textContent()).toContain('a falta em 6.95 Quebra de caixa E2E.');

    // The operator counted R$ 105,00 and the card slips R$ 25,90: a shortfall of R$ 2,50.
    const declarados = page.getByTestId('fechamento-declarado');
    await declarados.nth(0).fill('105,00');
    await declarados.nth(1).fill('25,90');
    await expect.poll(() => page.getByTestId('fechamento-diferenca').allTextContents()).toEqual(['Falta R$ 2,50', 'Confere']);
    await fotografar(page, 'conciliacaoCaixa-fechamento', [[1440, 900], [390, 844]]);
    await page.getByTestId('fechamento-aprovar').click();
    await page.getByTestId('fechamento-confirmar-ok').waitFor();
    await fotografar(page, 'conciliacaoCaixa-confirmar');
    await page.getByTestId('fechamento-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('fechamento-situacao').textContent()).toBe('Aprovado');
    await page.getByTestId('fechamento-aprovado').waitFor();
    expect(await page.getByTestId('fechamento-declarado').count()).toBe(0);
    await fotografar(page, 'conciliacaoCaixa-aprovado');

    // The money ledger: the cash sold in, the shortfall out, on the period's day.
    await page.goto(`${ctx.server.url}/financeiroMovimentacao?conta=${conta._id}`);
    const movimentos = () => page.getByTestId('financeiro-linha').evaluateAll((trs) => trs.map((tr) => [tr.querySelectorAll('td')[2]?.textContent, tr.querySelectorAll('td')[6]?.textContent]));
    await expect.poll(movimentos).toEqual([
      ['Vendas em dinheiro — Caixa E2E de ' + hoje.split('-').reverse().join('/'), 'R$ 37,50'],
      ['Falta de caixa — Caixa E2E de ' + hoje.split('-').reverse().join('/'), '-R$ 2,50'],
    ]);
    await expect.poll(() => page.getByTestId('financeiro-saldo-final').textContent()).toContain('R$ 35,00');
    // The shortfall on the account the company chose.
    expect(await page.getByTestId('financeiro-linha').filter({ hasText: 'Falta de caixa' }).textContent()).toContain('Quebra de caixa E2E');
    await fotografar(page, 'conciliacaoCaixa-movimentacao');

    // The count was wrong: a manager reopens the closing with the reason; its rows are reversed by new ones.
    await page.goto(`${ctx.server.url}/conciliacaoCaixa?periodo=${periodo}`);
    await page.getByTestId('fechamento-reabrir').click();
    await page.getByTestId('fechamento-reabrir-motivo').fill('Nota de R$ 2,50 achada no cofre');
    await fotografar(page, 'conciliacaoCaixa-reabrir');
    await page.getByTestId('fechamento-reabrir-ok').click();
    await expect.poll(() => page.getByTestId('fechamento-situacao').textContent()).toBe('Fechado');
    expect(await page.getByTestId('fechamento-reabertura').textContent()).toContain('Nota de R$ 2,50 achada no cofre');
    await declarados.nth(0).fill('107,50');
    await declarados.nth(1).fill('25,90');
    await expect.poll(() => page.getByTestId('fechamento-diferenca').allTextContents()).toEqual(['Confere', 'Confere']);
    await page.getByTestId('fechamento-aprovar').click();
    await page.getByTestId('fechamento-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('fechamento-situacao').textContent()).toBe('Aprovado');
    await page.getByTestId('fechamento-reaberturas').waitFor();
    await fotografar(page, 'conciliacaoCaixa-reaprovado', [[1440, 900], [390, 844]]);

    // The ledger keeps every row: the first approval, its two reversals, the second approval.
    await page.goto(`${ctx.server.url}/financeiroMovimentacao?conta=${conta._id}`);
    await expect.poll(() => page.getByTestId('financeiro-linha').count()).toBe(5);
    await expect.poll(() => page.getByTestId('financeiro-saldo-final').textContent()).toContain('R$ 37,50');
  });
});
