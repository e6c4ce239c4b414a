import { findRecurso } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { abaDoCampo, abasComErro } from './AbasDoFormulario.tsx';

describe('form tabs', () => {
  const abas = findRecurso('configuracaoImposto')!.abas!;
  it('puts each field in its declared tab, and an undeclared one in the first', () => {
    expect(abaDoCampo(abas, 'ipi')).toBe('ipi');
    expect(abaDoCampo(abas, 'ibsCbs')).toBe('ibsCbs');
    expect(abaDoCampo(abas, 'naoDeclarado')).toBe('icms');
  });
  it('marks the tabs of the fields with errors, items and sub-fields included', () => {
    expect([...abasComErro(abas, { 'icms.0.cst': 'x', 'ibsCbs.cClassTrib': 'y' })].sort()).toEqual(['ibsCbs', 'icms']);
    expect(abasComErro(abas, {}).size).toBe(0);
  });
});
