import { findRecurso, type RecursoDef } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../i18n/index.ts';
import { generoDe, rotuloNaFrase } from './genero.ts';

const com = (rotulo: string) => ({ ...findRecurso('agrupador')!, rotulo, feminino: undefined }) as RecursoDef;

describe('empty-state wording', () => {
  it('agrees with the label', async () => {
    await initI18n();
    const unidade = findRecurso('unidadeMedida')!;
    expect(i18next.t('recurso.vazio', { context: generoDe(unidade), rotulo: rotuloNaFrase(unidade.rotulo) })).toBe(
      'Nenhuma unidade de medida cadastrada. Clique em Novo para cadastrar a primeira.',
    );
    const agrupador = findRecurso('agrupador')!;
    expect(i18next.t('recurso.vazio', { context: generoDe(agrupador), rotulo: rotuloNaFrase(agrupador.rotulo) })).toBe(
      'Nenhum agrupador cadastrado. Clique em Novo para cadastrar o primeiro.',
    );
    expect(generoDe(com('Impressora'))).toBe('feminino');
    expect(generoDe(com('Motivo de desconto'))).toBe('masculino');
    expect(generoDe(com('Setor de impressão'))).toBe('masculino');
    expect(rotuloNaFrase('CFOP')).toBe('CFOP');
  });
});
