import { describe, expect, it } from 'vitest';
import { apagar, dataParaValor, desmascarar, editar, MASCARAS, mascaraCpfCnpj, mascarar, mascaraTelefone } from './masks.ts';

describe('masks', () => {
  it('types an alphanumeric CNPJ: shown masked and uppercase, stored unmasked', () => {
    const texto = '12abc34501de35';
    expect(mascaraCpfCnpj(texto)).toBe(MASCARAS.cnpj);
    const r = editar(mascaraCpfCnpj(texto), texto, texto.length);
    expect(r.exibido).toBe('12.ABC.345/01DE-35');
    expect(r.valor).toBe('12ABC34501DE35');
    expect(r.cursor).toBe(r.exibido.length);
  });

  it('typing one character at a time builds the same CNPJ', () => {
    let valor = '';
    let exibido = '';
    for (const c of '12abc34501de35') {
      const padrao = mascaraCpfCnpj(valor + c);
      const r = editar(padrao, exibido.slice(0, mascarar(padrao, valor).length) + c, 999);
      // caret at the end of the typed part
      const comCaret = editar(padrao, mascarar(padrao, valor, false) + c, mascarar(padrao, valor, false).length + 1);
      expect(comCaret.valor).toBe(r.valor);
      valor = r.valor;
      exibido = r.exibido;
    }
    expect(exibido).toBe('12.ABC.345/01DE-35');
  });

  it('shows the fill character for slots not yet typed', () => {
    expect(mascarar(MASCARAS.telefone, '11987')).toBe('(119) 87_ - ____');
    expect(mascarar(MASCARAS.telefone, '')).toBe('');
    expect(mascarar(MASCARAS.cep, '01310')).toBe('01310-___');
    expect(mascarar(MASCARAS.cartao, '4111')).toBe('4111 ____ ____ ____');
  });

  it('a digit slot refuses letters', () => {
    expect(desmascarar(MASCARAS.telefone, '11a98')).toBe('1198');
    expect(desmascarar(MASCARAS.cnpj, '12abc34501deXY35')).toBe('12ABC34501DE35');
  });

  it('typing in the middle keeps the caret after the typed digit, past literals', () => {
    // '(119) 87_ - ____' with the caret after '7', type '6'
    const r = editar(MASCARAS.telefone, '(119) 876_ - ____', 9);
    expect(r.exibido).toBe('(119) 876 - ____');
    expect(r.cursor).toBe(12); // before the next slot, after ' - '
    const meio = editar(MASCARAS.telefone, '(1199) 87_ - ____', 4);
    expect(meio.valor).toBe('119987');
    expect(meio.cursor).toBe(6);
  });

  it('pasting a masked value (CNPJ, phone, CPF) keeps only its characters', () => {
    expect(editar(MASCARAS.cnpj, '12.ABC.345/01DE-35', 18).valor).toBe('12ABC34501DE35');
    expect(editar(MASCARAS.telefone, '(119) 876 - 5432', 16).exibido).toBe('(119) 876 - 5432');
    expect(editar(MASCARAS.cpf, '529.982.247-25', 14).valor).toBe('52998224725');
    expect(mascaraCpfCnpj('529.982.247-25')).toBe(MASCARAS.cpf);
    expect(mascaraCpfCnpj('11.222.333/0001-81')).toBe(MASCARAS.cnpj);
  });

  it('backspace over a literal deletes the slot before it', () => {
    // '(119) 876 - 5432' with the caret after ') ' (index 6): removes '9'
    const r = apagar(MASCARAS.telefone, '1198765432', 6, 'tras');
    expect(r.valor).toBe('118765432');
    expect(r.exibido).toBe('(118) 765 - 432_');
    expect(r.cursor).toBe(3);
    // caret after ' - ' (index 12): removes the '6'
    expect(apagar(MASCARAS.telefone, '1198765432', 12, 'tras').valor).toBe('119875432');
    // delete forward over a literal
    expect(apagar(MASCARAS.telefone, '1198765432', 4, 'frente').valor).toBe('119765432');
    // at the start nothing happens
    expect(apagar(MASCARAS.telefone, '11', 0, 'tras').valor).toBe('11');
  });

  it('backspace at the end of a partial value removes the last typed character', () => {
    const exibido = mascarar(MASCARAS.telefone, '11987'); // '(119) 87_ - ____'
    expect(apagar(MASCARAS.telefone, '11987', exibido.length, 'tras').valor).toBe('1198');
  });

  it('CPF / CNPJ follow the person type when the form has one', () => {
    expect(mascaraCpfCnpj('123', 'Jurídica')).toBe(MASCARAS.cnpj);
    expect(mascaraCpfCnpj('12A', 'Física')).toBe(MASCARAS.cpf);
    expect(mascaraCpfCnpj('123456789012')).toBe(MASCARAS.cnpj);
  });

  it('dates: year first in the mask, aaaa-mm-dd in the form', () => {
    expect(mascarar(MASCARAS.data, '2024-03-05')).toBe('2024/03/05');
    expect(dataParaValor(desmascarar(MASCARAS.data, '2024/03/05'))).toBe('2024-03-05');
    expect(dataParaValor('2024')).toBe('2024');
  });

  it('a phone keeps the SPEC mask up to 10 digits; the 11th digit of a mobile switches to (##) ##### - ####', () => {
    expect(mascaraTelefone('1133334444')).toBe(MASCARAS.telefone);
    const onze = '(113) 333 - 44445';
    const r = editar(mascaraTelefone(onze), onze, onze.length);
    expect(r).toMatchObject({ valor: '11333344445', exibido: '(11) 33334 - 4445' });
    expect(mascarar(mascaraTelefone('11987654321'), '11987654321')).toBe('(11) 98765 - 4321');
  });
});
