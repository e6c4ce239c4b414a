import { describe, expect, it } from 'vitest';
import { deDias, diaDaSemana, ehDiaUtil, feriadosBancarios, paraDias, pascoa, proximoDiaUtil, somarDiasCorridos, somarDiasUteis } from './diasUteis.ts';

describe('Brazilian bank calendar', () => {
  it('finds Easter Sunday of any year (computus)', () => {
    expect(pascoa(2000)).toBe('2000-04-23');
    expect(pascoa(2019)).toBe('2019-04-21');
    expect(pascoa(2024)).toBe('2024-03-31');
    expect(pascoa(2025)).toBe('2025-04-20');
    expect(pascoa(2026)).toBe('2026-04-05');
    expect(pascoa(2027)).toBe('2027-03-28');
    expect(pascoa(2038)).toBe('2038-04-25'); // the latest possible
    expect(pascoa(2285)).toBe('2285-03-22'); // the earliest possible
  });

  it('moves Carnaval, Sexta-feira Santa and Corpus Christi with Easter', () => {
    const nomes = (ano: number) => Object.fromEntries(feriadosBancarios(ano).map((f) => [f.nome, f.data]));
    expect(nomes(2026)).toMatchObject({
      'Segunda-feira de Carnaval': '2026-02-16',
      'Terça-feira de Carnaval': '2026-02-17',
      'Sexta-feira Santa': '2026-04-03',
      'Corpus Christi': '2026-06-04',
    });
    expect(nomes(2025)).toMatchObject({ 'Terça-feira de Carnaval': '2025-03-04', 'Sexta-feira Santa': '2025-04-18', 'Corpus Christi': '2025-06-19' });
  });

  it('has the national holidays, with 20/11 only from 2024 (Lei 14.759/2023)', () => {
    const datas = feriadosBancarios(2026).map((f) => f.data);
    for (const d of ['2026-01-01', '2026-04-21', '2026-05-01', '2026-09-07', '2026-10-12', '2026-11-02', '2026-11-15', '2026-11-20', '2026-12-25']) expect(datas).toContain(d);
    expect(datas).toHaveLength(13);
    expect(feriadosBancarios(2023).map((f) => f.data)).not.toContain('2023-11-20');
  });

  it('tells business days from weekends and holidays', () => {
    expect(ehDiaUtil('2026-02-13')).toBe(true); // Friday before Carnaval
    expect(ehDiaUtil('2026-02-14')).toBe(false); // Saturday
    expect(ehDiaUtil('2026-02-16')).toBe(false); // Carnaval Monday
    expect(ehDiaUtil('2026-02-18')).toBe(true); // Ash Wednesday: banks open
    expect(ehDiaUtil('2026-11-20')).toBe(false);
    expect(proximoDiaUtil('2026-12-25')).toBe('2026-12-28');
    expect(proximoDiaUtil('2026-12-23')).toBe('2026-12-23');
  });

  it('counts D+N business days across weekends and holidays', () => {
    expect(somarDiasUteis('2026-02-13', 1)).toBe('2026-02-18');
    expect(somarDiasUteis('2026-02-13', 2)).toBe('2026-02-19');
    expect(somarDiasUteis('2026-11-19', 1)).toBe('2026-11-23');
    expect(somarDiasUteis('2026-12-24', 1)).toBe('2026-12-28');
    expect(somarDiasUteis('2026-12-31', 1)).toBe('2027-01-04');
    expect(somarDiasUteis('2026-02-14', 0)).toBe('2026-02-18');
  });

  it('does calendar arithmetic without time zones, leap years included', () => {
    expect(somarDiasCorridos('2024-02-28', 1)).toBe('2024-02-29');
    expect(somarDiasCorridos('2026-02-28', 1)).toBe('2026-03-01');
    expect(somarDiasCorridos('2026-12-24', 30)).toBe('2027-01-23');
    expect(deDias(paraDias('1999-12-31') + 1)).toBe('2000-01-01');
    expect(diaDaSemana('2026-11-27')).toBe(5);
    expect(() => paraDias('27/11/2026')).toThrow('aaaa-mm-dd');
  });
});
