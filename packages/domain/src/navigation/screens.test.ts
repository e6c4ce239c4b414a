import { describe, expect, it } from 'vitest';
import { areaKeys } from './areas.ts';
import { findScreen, pageOf, screens } from './screens.ts';

describe('screen registry', () => {
  it('lists the 111 screens of SPEC.md §2 once each, in every area, plus the extra pages PRODUCT.md names', () => {
    expect(screens.filter((s) => !s.extra)).toHaveLength(111);
    expect(screens.filter((s) => s.extra).map((s) => s.name)).toEqual(['relatorioKdsTempoPreparo', 'olhoNoImposto', 'relatorioFinanceiroTaxasCartao']);
    expect(new Set(screens.map((s) => s.name)).size).toBe(screens.length);
    for (const area of areaKeys) expect(screens.some((s) => s.area === area)).toBe(true);
  });

  it('maps the screens that share a page to one page', () => {
    expect(pageOf(findScreen('solicitacaoPedidoTransferencia')!)).toBe(pageOf(findScreen('estoquePedidoTransferencia')!));
    expect(pageOf(findScreen('calendarioPagamento')!)).toBe(pageOf(findScreen('calendarioRecebimento')!));
    expect(pageOf(findScreen('configuracaoImpostoIPI')!)).toBe('configuracaoImposto');
  });
});
