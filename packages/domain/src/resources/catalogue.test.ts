import { describe, expect, it } from 'vitest';
import { findScreen } from '../navigation/screens.ts';
import { findRecurso, recursos } from './catalogue.ts';

describe('resource catalogue', () => {
  it('declares every field of each schema with a label, and lists only declared fields', () => {
    for (const recurso of Object.values(recursos)) {
      const fields = Object.keys(recurso.schema.shape);
      expect(Object.keys(recurso.campos).sort()).toEqual([...fields].sort());
      for (const list of [recurso.colunas, recurso.busca, recurso.filtros]) for (const f of list) expect(fields).toContain(f);
      for (const target of Object.values(recurso.relacoes ?? {})) expect(findRecurso(target as string)).toBeDefined();
    }
  });

  it('names each resource after the screen that lists it', () => {
    for (const recurso of Object.values(recursos)) expect(findScreen(recurso.tela ?? recurso.nome)).toBeDefined();
  });
});
