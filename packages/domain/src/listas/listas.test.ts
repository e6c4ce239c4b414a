import { describe, expect, it } from 'vitest';
import { lista, listas } from './listas.ts';

describe('fixed lists of GET /api/lista/{n}', () => {
  it('serves exactly the lists SPEC.md §7 numbers', () => {
    expect(Object.keys(listas).map(Number)).toEqual([1, 2, 3, 4, 5, 7, 8, 10, 11, 14]);
    expect(lista(6)).toBeUndefined();
  });

  it('has the 27 UFs with accents and IBGE codes', () => {
    const estados = lista(1)!;
    expect(estados).toHaveLength(27);
    expect(estados.find((uf) => uf._id === 'SP')).toMatchObject({ descricao: 'São Paulo', codigoIbge: 35 });
    expect(estados.find((uf) => uf._id === 'PI')?.descricao).toBe('Piauí');
  });

  it('maps every payment type to a two-digit NFC-e tPag code', () => {
    const tipos = lista(14)!;
    for (const tipo of tipos) expect(tipo.tPag).toMatch(/^\d{2}$/);
    expect(tipos.find((t) => t._id === 'PIX')?.tPag).toBe('17');
    expect(tipos.find((t) => t._id === 'Dinheiro')?.tPag).toBe('01');
  });

  it('gives the payment and dispatch status lists at least four items to preselect', () => {
    expect(lista(10)!.length).toBeGreaterThanOrEqual(4);
    expect(lista(11)!.length).toBeGreaterThanOrEqual(4);
  });
});
