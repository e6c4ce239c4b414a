import { Table, UnstyledButton } from '@mantine/core';
import type { RelatorioDre } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../resources/format.ts';

interface Props {
  dre: RelatorioDre;
  testid: string;
  /** What the scrolling region is called for a screen reader. */
  rotulo: string;
  /** Opens the lines behind a cell (the result line has none of its own). */
  abrir?: (planoConta: string, coluna: string | null) => void;
  /** Cells to highlight, as `${planoConta ?? 'resultado'}|${coluna ?? 'total'}` (the comparison's differences). */
  destacar?: ReadonlySet<string>;
}

export const chaveCelula = (planoConta: string | null, coluna: string | null) => `${planoConta ?? 'resultado'}|${coluna ?? 'total'}`;

/** The statement as a tree: each account indented by depth, groups in bold with their subtotals, the result at the foot. */
export function TabelaDre({ dre, testid, rotulo, destacar, abrir }: Props) {
  const { t } = useTranslation();
  const celula = (planoConta: string | null, coluna: string | null, valor: number) => {
    const diferente = destacar?.has(chaveCelula(planoConta, coluna));
    return (
      <Table.Td key={coluna ?? 'total'} ta="right" style={{ whiteSpace: 'nowrap', ...(diferente ? { background: 'var(--mantine-color-yellow-light)', outline: '2px solid var(--mantine-color-yellow-filled)' } : {}) }} data-coluna={coluna ?? 'total'} data-diferente={diferente || undefined}>
        {abrir && planoConta && valor !== 0 ? (
          <UnstyledButton onClick={() => abrir(planoConta, coluna)} aria-label={t('dre.abrirCelula', { valor: formatCentavos(valor) })} style={{ font: 'inherit', textDecoration: 'underline dotted', textUnderlineOffset: 3 }} data-testid="dre-celula">
            {formatCentavos(valor)}
          </UnstyledButton>
        ) : (
          formatCentavos(valor)
        )}
      </Table.Td>
    );
  };
  return (
    // A focusable region of its own: twelve months scroll sideways, and the keyboard must reach them too.
    <div tabIndex={0} role="region" aria-label={rotulo} style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover data-testid={testid} miw={Math.max(600, 220 + dre.colunas.length * 110)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dre.conta')}</Table.Th>
            {dre.colunas.map((c) => (
              <Table.Th key={c.chave} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {c.rotulo}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('dre.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dre.linhas.map((l) => (
            <Table.Tr key={l.planoConta} fw={l.grupo ? 700 : undefined} data-testid="dre-linha" data-codigo={l.codigo}>
              <Table.Td style={{ paddingLeft: `calc(var(--mantine-spacing-xs) + ${l.nivel * 1.25}rem)`, whiteSpace: 'nowrap' }}>
                {l.codigo} {l.nome}
              </Table.Td>
              {l.valores.map((v, i) => celula(l.planoConta, dre.colunas[i]!.chave, v))}
              {celula(l.planoConta, null, l.total)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid="dre-resultado">
            <Table.Td>{t('dre.resultado')}</Table.Td>
            {dre.resultado.valores.map((v, i) => celula(null, dre.colunas[i]!.chave, v))}
            {celula(null, null, dre.resultado.total)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}
