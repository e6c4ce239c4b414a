import { Table } from '@mantine/core';
import type { Campo } from '@retaguarda/domain';
import type { ReactNode } from 'react';
import type { Registro } from '../../resources/exportar.ts';
import { formatValor } from '../../resources/format.ts';
import { linhaDeTotal } from './exportarRelatorio.ts';

interface Props {
  colunas: Readonly<Record<string, Campo>>;
  linhas: readonly Registro[];
  /** The totals row, in bold at the foot (its text columns as given). */
  totais?: Registro | undefined;
  /** A cell shown differently from its formatted value (a badge…). */
  celula?: (coluna: string, linha: Registro) => ReactNode | undefined;
  testid: string;
  linhaTestid?: string;
  minWidth?: number;
}

const alinhamento = (campo: Campo) => (campo.tipo === 'texto' ? 'left' : 'right');

/** A report's table: columns declared once (the exports read the same ones), numbers to the right. */
export function TabelaRelatorio({ colunas, linhas, totais, celula, testid, linhaTestid = 'relatorio-linha', minWidth = 900 }: Props) {
  const entradas = Object.entries(colunas);
  const celulas = (linha: Registro) =>
    entradas.map(([nome, campo]) => (
      <Table.Td key={nome} ta={alinhamento(campo)} style={{ whiteSpace: campo.tipo === 'texto' ? undefined : 'nowrap' }}>
        {celula?.(nome, linha) ?? formatValor(campo, linha[nome])}
      </Table.Td>
    ));
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover data-testid={testid}>
        <Table.Thead>
          <Table.Tr>
            {entradas.map(([nome, campo]) => (
              <Table.Th key={nome} ta={alinhamento(campo)}>
                {campo.rotulo}
              </Table.Th>
            ))}
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
