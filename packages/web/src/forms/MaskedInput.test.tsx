import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { MaskedInput } from './MaskedInput.tsx';
import { MASCARAS, mascaraCpfCnpj } from './masks.ts';

afterEach(cleanup);

let guardado = '';
function Campo({ mascara, inicial = '' }: { mascara: string | ((t: string) => string); inicial?: string }) {
  const [valor, setValor] = useState(inicial);
  guardado = valor;
  return <MaskedInput label="Campo" mascara={mascara} valor={valor} onValor={setValor} data-testid="m" />;
}
const input = () => screen.getByTestId('m') as HTMLInputElement;

describe('MaskedInput', () => {
  it('typing a CNPJ with letters shows it masked and stores it unmasked', async () => {
    await renderWithProviders(<Campo mascara={(t) => mascaraCpfCnpj(t)} />);
    expect(input().placeholder).toBe('___.___.___-__');
    fireEvent.change(input(), { target: { value: '12abc34501de35' } });
    expect(input().value).toBe('12.ABC.345/01DE-35');
    expect(guardado).toBe('12ABC34501DE35');
  });

  it('backspace over a literal deletes the digit before it and keeps the caret there', async () => {
    await renderWithProviders(<Campo mascara={MASCARAS.telefone} inicial="1198765432" />);
    expect(input().value).toBe('(119) 876 - 5432');
    input().focus();
    input().setSelectionRange(6, 6); // after ') '
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(guardado).toBe('118765432');
    expect(input().value).toBe('(118) 765 - 432_');
    expect(input().selectionStart).toBe(3);
  });

  it('a rejected key leaves the text as it was', async () => {
    await renderWithProviders(<Campo mascara={MASCARAS.cep} inicial="0131" />);
    fireEvent.change(input(), { target: { value: '0131x-___' } });
    expect(input().value).toBe('0131_-___');
    expect(guardado).toBe('0131');
  });
});
