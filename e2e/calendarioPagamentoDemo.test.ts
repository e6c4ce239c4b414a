import { somarDias } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/app.ts';
import { fotografar } from './support/foto.ts';
import { diaNaLoja, useServerWithDemoSales } from './support/vendasDemo.ts';

// The demonstration's agenda (seed/agendaDemo.ts) in one store: the cold room's maintenance is scheduled a week ahead.
const ctx = useServerWithDemoSales();

describe('calendarioPagamento on the demonstration', () => {
  it('shows next week’s scheduled payment as agendado on its day and lists it, not as paid', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const dia = somarDias(diaNaLoja(0), 7);
    await page.goto(`${ctx.server.url}/calendarioPagamento?mes=${dia.slice(0, 7)}&dia=${dia}`);
    const casa = page.getByTestId(`calendario-dia-${dia}`);
    await expect.poll(() => casa.getByTestId('calendario-dia-agendado-pagar').textContent()).toMatch(/^agendado ↑ R\$ [\d.]+,\d{2}$/);
    expect(await casa.getByTestId('calendario-dia-pago').count()).toBe(0);
    await expect.poll(() => page.getByTestId('calendario-agendada').filter({ hasText: 'Manutenção da câmara fria' }).count()).toBe(1);
    // Due that same day: nothing left to pay there, the row says it is scheduled.
    await expect.poll(() => page.getByTestId('calendario-titulo').filter({ hasText: 'Manutenção da câmara fria' }).getByTestId('calendario-titulo-agendado').count()).toBe(1);
    await fotografar(page, 'calendarioPagamento-demo');
  });
});
