import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** A sale as a terminal sends it: POST /api/vendas with the terminal's credential, from outside the browser. */
async function vender(token: string, corpo: unknown) {
  const res = await fetch(`${ctx.server.url}/api/vendas`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe('Calendário de recebimentos', () => {
  it("shows each day's expected net in the month, a day's receivables when clicked, and the PAT warning of a voucher contract", async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'UNC', descricao: 'Unidade calendário' });
    const xis = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Xis calendário', unidade: un._id, ncm: '21069090' });
    const cartao = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'Cartão calendário', tipo: 'Cartão de Crédito' });
    const visa = await api<{ _id: string }>(page, 'tipoPagamentoBandeira', { descricao: 'Visa calendário', tBand: '01' });
    const cielo = await api<{ _id: string }>(page, 'operadora', {
      nome: 'Cielo calendário',
      cnpj: '11.222.333/0001-81',
      taxaDebito: '1,99',
      regras: [{ produto: 'voucherRefeicao', dias: 15, contagem: 'corridos', taxa: '4,5' }],
    });
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'PDV calendário', tipo: 'PDV' });
    const { token } = await api<{ token: string }>(page, `terminal/${terminal._id}/credencial`, {});
    const pagar = (tPag: string, valor: number) => ({ formaPagamento: cartao._id, tPag, valor, bandeira: visa._id, operadora: cielo._id });
    // Friday before Carnaval 2026: the debit is paid on Ash Wednesday (18/02), the voucher on Monday 02/03.
    await vender(token, {
      pedidoId: 'CAL-1',
      canal: 'Balcão',
      abertoEm: '2026-02-13T11:40:00-03:00',
      fechadoEm: '2026-02-13T12:00:00-03:00',
      itens: [{ produto: xis._id, quantidade: '1', precoUnitario: 9550 }],
      pagamentos: [pagar('04', 5000), pagar('11', 4550)],
      total: 9550,
    });

    await page.goto(`${ctx.server.url}/calendarioRecebimento?mes=2026-02`);
    await page.getByTestId('calendario-dia-2026-02-18').getByTestId('calendario-dia-liquido').waitFor();
    expect(await page.getByTestId('calendario-mes').textContent()).toBe('Fevereiro 2026');
    expect(await page.getByTestId('calendario-dia-2026-02-18').getByTestId('calendario-dia-liquido').textContent()).toBe('R$ 49,00');
    expect(await page.getByTestId('calendario-dia-2026-02-16').getByTestId('calendario-dia-liquido').count()).toBe(0);
    expect(await page.getByTestId('calendario-dia-2026-02-17').getByTestId('calendario-feriado').textContent()).toBe('Terça-feira de Carnaval');
    expect(await page.getByTestId('calendario-aviso-pat').count()).toBe(0);

    await page.getByTestId('calendario-dia-2026-02-18').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('dia')).toBe('2026-02-18');
    await page.getByTestId('calendario-lista').locator('tbody tr').first().waitFor();
    expect((await page.getByTestId('calendario-lista').locator('tbody tr td').allTextContents()).map((t) => t.trim())).toEqual([
      '13/02/2026', 'Débito', 'Cielo calendário', 'Visa calendário', '1/1', 'R$ 50,00', 'R$ 1,00', 'R$ 49,00', '', 'Contestação',
    ]);
    await fotografar(page, 'calendario-recebimento');

    // The cardholder disputes R$ 20,00 of the debit: marked as a chargeback, debited from the acquirer's wallet.
    const carteira = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Carteira Cielo', tipo: 'Carteira de adquirente', dataSaldoInicial: '2026-02-01' });
    await page.getByTestId('calendario-contestar').click();
    await page.getByTestId('chargeback-valor').fill('20,00');
    await page.getByTestId('chargeback-data').fill('20/02/2026');
    await page.getByTestId('chargeback-motivo').fill('Cliente não reconhece a compra');
    await expect.poll(() => page.getByTestId('chargeback-conta').inputValue()).toBe('Carteira Cielo');
    await fotografar(page, 'calendario-chargeback');
    await page.getByTestId('chargeback-salvar').click();
    await expect.poll(() => page.getByTestId('calendario-chargeback').textContent()).toBe('−R$ 20,00');
    const lista = await api<{ valor: number; contaNome: string }[]>(page, 'calendarioRecebimento/chargebacks/lista', { de: '2026-02-01', ate: '2026-02-28' });
    expect(lista.map((c) => [c.valor, c.contaNome])).toEqual([[2000, 'Carteira Cielo']]);
    const saldos = await api<{ conta: string; saldo: number }[]>(page, 'financeiroMovimentacao/saldos?data=2026-02-28');
    expect(saldos.find((x) => x.conta === carteira._id)?.saldo).toBe(-2000);
    // The month's chargebacks below the calendar (the debit was on 20/02): the dispute won, reversed once.
    const linhaCb = page.getByTestId('calendario-chargeback-linha');
    await expect.poll(() => linhaCb.count()).toBe(1);
    await page.getByTestId('calendario-chargeback-estornar').click();
    await page.getByTestId('chargeback-estorno-motivo').fill('Contestação ganha com o comprovante');
    await page.getByTestId('chargeback-estorno-ok').click();
    await expect.poll(() => linhaCb.textContent()).toContain('Estornado em');
    expect(await page.getByTestId('calendario-chargeback-estornar').count()).toBe(0);
    await expect.poll(() => page.getByTestId('calendario-chargeback').count()).toBe(0);
    await fotografar(page, 'calendario-chargebacks');
    const depois = await api<{ conta: string; saldo: number }[]>(page, 'financeiroMovimentacao/saldos?data=2026-02-28');
    expect(depois.find((x) => x.conta === carteira._id)?.saldo).toBe(0);

    // The next month: the voucher on 02/03, and its contract's PAT warnings.
    await page.getByRole('button', { name: 'Próximo mês' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('mes')).toBe('2026-03');
    await page.getByTestId('calendario-dia-2026-03-02').getByTestId('calendario-dia-liquido').waitFor();
    expect(await page.getByTestId('calendario-dia-2026-03-02').getByTestId('calendario-dia-liquido').textContent()).toBe('R$ 43,45');
    expect(await page.getByTestId('calendario-aviso-pat').allTextContents()).toEqual([
      expect.stringContaining('Taxa de 4,50% acima do teto de 3,6%'),
      expect.stringContaining('Repasse em 17 dias corridos'),
    ]);
    await fotografar(page, 'calendario-recebimento-pat');

    // Another store alone: no receivables there; the choice stays in the URL from month to month.
    await page.getByTestId('calendario-lojas').click();
    await page.getByRole('option', { name: 'Restaurante Demonstração Shopping' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('empresa').length).toBe(1);
    await expect.poll(() => page.getByTestId('calendario-dia-2026-03-02').getByTestId('calendario-dia-liquido').count()).toBe(0);
    expect(await page.getByTestId('calendario-aviso-pat').count()).toBe(0);
    await page.getByRole('button', { name: 'Mês anterior' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('mes')).toBe('2026-02');
    expect(new URL(page.url()).searchParams.getAll('empresa').length).toBe(1);
    await expect.poll(() => page.getByTestId('calendario-dia-2026-02-18').getByTestId('calendario-dia-liquido').count()).toBe(0);
    // The store of the sale chosen too: its debit is back.
    await page.getByTestId('calendario-lojas').click();
    await page.getByRole('option', { name: 'Restaurante Demonstração Centro' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('calendario-dia-2026-02-18').getByTestId('calendario-dia-liquido').textContent()).toBe('R$ 49,00');
    expect(new URL(page.url()).searchParams.getAll('empresa').length).toBe(2);
    await fotografar(page, 'calendario-recebimento-lojas');
  });
});
