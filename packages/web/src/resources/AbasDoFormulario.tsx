import { Tabs } from '@mantine/core';
import type { Aba, Campo } from '@retaguarda/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Erros } from './formValues.ts';

/** The tab of each field: the one that lists it, else the first (a field in no tab is never lost). */
export function abaDoCampo(abas: readonly Aba[], nome: string): string {
  return (abas.find((a) => a.campos.includes(nome)) ?? abas[0]!).chave;
}

/** The tabs whose fields (or their items' and sub-fields') have an error. */
export function abasComErro(abas: readonly Aba[], erros: Erros): Set<string> {
  return new Set(Object.keys(erros).map((caminho) => abaDoCampo(abas, caminho.split('.')[0]!)));
}

/**
 * The form's fields in the declaration's tabs (ICMS / IPI / IBS-CBS). A page may open on a tab
 * (configuracaoImpostoIPI opens on IPI); a tab with an error shows a mark, and after a refused save
 * the form moves to the first tab with an error when the open one has none.
 */
export function AbasDoFormulario({
  abas,
  campos,
  erros,
  abaInicial,
  renderizar,
}: {
  abas: readonly Aba[];
  campos: readonly [string, Campo][];
  erros: Erros;
  abaInicial?: string | undefined;
  renderizar: (nome: string, campo: Campo, i: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [ativa, setAtiva] = useState(abaInicial && abas.some((a) => a.chave === abaInicial) ? abaInicial : abas[0]!.chave);
  const comErro = abasComErro(abas, erros);
  const primeiraComErro = abas.find((a) => comErro.has(a.chave))?.chave;
  useEffect(() => {
    if (primeiraComErro && !comErro.has(ativa)) setAtiva(primeiraComErro);
    // Only when the errors change (a save was refused), not when the user picks a tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [erros]);
  return (
    <Tabs value={ativa} onChange={(v) => v && setAtiva(v)} keepMounted data-testid="recurso-abas">
      <Tabs.List>
        {abas.map((a) => (
          <Tabs.Tab
            key={a.chave}
            value={a.chave}
            data-testid={`aba-${a.chave}`}
            color={comErro.has(a.chave) ? 'red' : undefined}
            c={comErro.has(a.chave) ? 'red' : undefined}
            aria-description={comErro.has(a.chave) ? t('recurso.abaComErro') : undefined}
          >
            {a.rotulo}
            {comErro.has(a.chave) ? ' •' : ''}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {abas.map((a) => (
        <Tabs.Panel key={a.chave} value={a.chave} pt="md" data-testid={`aba-painel-${a.chave}`}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-md)' }}>
            {campos.filter(([nome]) => abaDoCampo(abas, nome) === a.chave).map(([nome, campo], i) => renderizar(nome, campo, i))}
          </div>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
