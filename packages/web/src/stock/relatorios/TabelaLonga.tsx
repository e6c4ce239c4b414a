import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabelaRelatorio, type TabelaRelatorioProps } from '../../sales/relatorios/TabelaRelatorio.tsx';

const PAGINA = 500;

/**
 * A report's table of many rows (up to the 5,000 a stock report answers): the first 500 drawn, more on
 * demand, so a long period does not freeze the page; the exports always carry every row.
 */
export function TabelaLonga(props: TabelaRelatorioProps) {
  const { t } = useTranslation();
  const [limite, setLimite] = useState(PAGINA);
  useEffect(() => setLimite(PAGINA), [props.linhas]);
  const total = props.linhas.length;
  const mostradas = Math.min(limite, total);
  return (
    <>
      <TabelaRelatorio {...props} linhas={mostradas < total ? props.linhas.slice(0, mostradas) : props.linhas} totais={mostradas < total ? undefined : props.totais} />
      {mostradas < total ? (
        <Group justify="space-between" p="sm" className="nao-imprimir">
          <Text size="sm" c="dimmed" data-testid={`${props.testid}-mostrando`}>
            {t('relatoriosEstoque.mostrando', { mostradas, total })}
          </Text>
          <Button variant="default" size="xs" onClick={() => setLimite((l) => l + PAGINA)} data-testid={`${props.testid}-mais`}>
            {t('relatoriosEstoque.mostrarMais', { n: Math.min(PAGINA, total - mostradas) })}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
