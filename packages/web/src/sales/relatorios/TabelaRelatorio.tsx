import { Table, UnstyledButton } from '@mantine/core';
import type { Campo } from '@retaguarda/domain';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { formatValor } from '../../resources/format.ts';
import { linhaDeTotal } from './exportarRelatorio.ts';

export interface TabelaRelatorioProps {
  colunas: Readonly<Record<string, Campo>>;
  linhas: readonly Registro[];
  /** The totals row, in bold at the foot (its text columns as given). */
  totais?: Registro | undefined;
  /** A cell shown differently from its formatted value (a badge…). */
  celula?: (coluna: string, linha: Registro) => ReactNode | undefined;
  testid: string;
  linhaTestid?: string;
  minWidth?: number;
  /** A height past which the rows scroll (default: the whole table). */
  mah?: number;
  /** Headers that sort when clicked (the report keeps the order); the current one shows its arrow. */
  ordem?: { coluna: string; direcao: 'asc' | 'desc' } | undefined;
  ordenar?: (coluna: string) => void;
}

const alinhamento = (campo: Campo) => (campo.tipo === 'texto' ? 'left' : 'right');

/** A report's table: columns declared once (the exports read the same ones), numbers to the right. */
export function TabelaRelatorio({ colunas, linhas, totais, celula, testid, linhaTestid = 'relatorio-linha', minWidth = 900, mah, ordem, ordenar }: TabelaRelatorioProps) {
  const { t } = useTranslation();
  const entradas = Object.entries(colunas);
  const celulas = (linha: Registro) =>
    entradas.map(([nome, campo]) => (
      <Table.Td key={nome} ta={alinhamento(campo)} style={{ whiteSpace: campo.tipo === 'texto' ? undefined : 'nowrap' }}>
        {celula?.(nome, linha) ?? formatValor(campo, linha[nome])}
      </Table.Td>
    ));
  return (
    <Table.ScrollContainer minWidth={minWidth} mah={mah}>
      <Table striped highlightOnHover data-testid={testid}>
        <Table.Thead>
          <Table.Tr>
            {entradas.map(([nome, campo]) => {
              if (!ordenar) {
                return (
                  <Table.Th key={nome} ta={alinhamento(campo)}>
                    {campo.rotulo}
                  </Table.Th>
                );
              }
              const ativa = ordem?.coluna === nome;
              const Icone = !ativa ? IconArrowsSort : ordem.direcao === 'asc' ? IconArrowUp : IconArrowDown;
              return (
                <Table.Th key={nome} ta={alinhamento(campo)} aria-sort={ativa ? (ordem.direcao === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
                  <UnstyledButton
                    onClick={() => ordenar(nome)}
                    aria-label={t('recurso.ordenarPor', { campo: campo.rotulo })}
                    data-testid={`${testid}-ordenar-${nome}`}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)' }}
                  >
                    {campo.rotulo}
                    <Icone size={14} style={{ opacity: ativa ? 1 : 0.35 }} />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((linha) => (
            <Table.Tr key={linha._id} data-testid={linhaTestid} data-subtotal={linhaDeTotal(linha) || undefined} fw={linhaDeTotal(linha) ? 700 : undefined}>
              {celulas(linha)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totais ? (
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="relatorio-totais">
              {celulas(totais)}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
