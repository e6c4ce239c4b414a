import { describe, expect, it } from 'vitest';
import { findScreen } from '../navigation/screens.ts';
import { findRecurso, recursoDaTela, recursos } from './catalogue.ts';
import { campoNoCaminho, type RecursoDef } from './define.ts';

describe('resource catalogue', () => {
  it('declares every field of each schema with a label, and lists only declared fields', () => {
    for (const recurso of Object.values(recursos)) {
      const fields = Object.keys(recurso.schema.shape);
      expect(Object.keys(recurso.campos).sort()).toEqual([...fields].sort());
      for (const list of [recurso.colunas, recurso.busca, recurso.filtros]) for (const f of list) expect(fields).toContain(f);
      // 'empresa' is a session record whose catalogue resource is being built (decision 0006); its
      // relations are checked by hooks against the typed table until it lands.
      for (const target of Object.values(recurso.relacoes ?? {})) if (target !== 'empresa') expect(findRecurso(target as string)).toBeDefined();
    }
  });

  it('points each relation at a declared referencia(s) field, dotted paths into an objeto or the items of a lista', () => {
    for (const recurso of Object.values(recursos) as unknown as RecursoDef[]) {
      for (const caminho of Object.keys(recurso.relacoes ?? {})) {
        expect(['referencia', 'referencias'], `${recurso.nome}.${caminho}`).toContain(campoNoCaminho(recurso, caminho)?.tipo);
        if (caminho.includes('.')) expect(['objeto', 'lista']).toContain(campoNoCaminho(recurso, caminho.split('.')[0]!)?.tipo);
      }
    }
  });

  it('names each resource after the screen that lists it, unless it has no screen', () => {
    for (const recurso of Object.values(recursos) as unknown as RecursoDef[]) {
      if (recurso.semTela) expect(recursoDaTela(recurso.tela ?? recurso.nome)).toBeUndefined();
      else expect(findScreen(recurso.tela ?? recurso.nome)).toBeDefined();
    }
  });

  it('gives each objeto field the labels of its sub-fields', () => {
    const terminal = findRecurso('terminal')!;
    expect(campoNoCaminho(terminal, 'configuracoes.caixa')?.rotulo).toBe('Caixa');
    expect(campoNoCaminho(terminal, 'configuracoes.naoExiste')).toBeUndefined();
  });

  it('finds the field of a lista item by its path, with or without the item index', () => {
    const pessoa = findRecurso('pessoa')!;
    expect(campoNoCaminho(pessoa, 'enderecos.0.cidade')?.rotulo).toBe('Cidade');
    expect(campoNoCaminho(pessoa, 'enderecos.cep')?.rotulo).toBe('CEP');
    expect(campoNoCaminho(pessoa, 'enderecos.0.naoExiste')).toBeUndefined();
  });
});

describe('formaPagamento tipo', () => {
  it('offers every lista(14) item, each with its 2-digit NFC-e tPag', async () => {
    const { tiposFormaPagamento, tPagDoTipo } = await import('./registration/formaPagamento.ts');
    expect(tiposFormaPagamento).toContain('Cartão de Crédito');
    for (const tipo of tiposFormaPagamento) expect(tPagDoTipo(tipo)).toMatch(/^\d{2}$/);
    expect(tPagDoTipo('Cartão de Crédito')).toBe('03');
    expect(tPagDoTipo('Bitcoin')).toBeUndefined();
  });
});
