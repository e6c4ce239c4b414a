import { findRecurso } from '@retaguarda/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { AlertasDoFormulario } from './AlertasDoFormulario.tsx';
import { valoresIniciais } from './formValues.ts';

afterEach(cleanup);

const operadora = findRecurso('operadora')!;
const comRegras = (regras: Record<string, unknown>[]) => valoresIniciais(operadora, { nome: 'Ticket', cnpj: '11222333000181', regras });
const regra = { bandeira: null, parcelasDe: null, parcelasAte: null, tarifa: 0, antecipacaoAutomatica: false, taxaAntecipacao: '0.00' };

describe('warnings that do not stop saving', () => {
  it('the operadora form warns of a meal-voucher rule above the PAT caps, naming the rule', async () => {
    await renderWithProviders(<AlertasDoFormulario recurso={operadora} valores={comRegras([{ ...regra, produto: 'debito', dias: 1, contagem: 'uteis', taxa: '9.00' }, { ...regra, produto: 'voucherRefeicao', dias: 30, contagem: 'corridos', taxa: '4.20' }])} />);
    const texto = screen.getByTestId('recurso-alertas').textContent;
    expect(texto).toContain('Atenção');
    expect(texto).toContain('Regra 2 (Vale-refeição): Taxa de 4,20% acima do teto de 3,6%');
    expect(texto).toContain('Regra 2 (Vale-refeição): Repasse em 30 dias corridos');
    expect(texto).not.toContain('Regra 1');
  });

  it('says nothing for a voucher within the caps', async () => {
    await renderWithProviders(<AlertasDoFormulario recurso={operadora} valores={comRegras([{ ...regra, produto: 'voucherAlimentacao', dias: 15, contagem: 'corridos', taxa: '3.60' }])} />);
    expect(screen.queryByTestId('recurso-alertas')).toBeNull();
  });
});
