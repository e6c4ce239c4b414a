import { Paper, Stack, Text, Tooltip } from '@mantine/core';
import { formatCentavos } from '../../resources/format.ts';

/** Vertical bars of values (money unless `formatar` says otherwise) with their labels, scaled to the largest. */
export function GraficoBarras({ itens, testid, formatar = formatCentavos }: { itens: { rotulo: string; valor: number }[]; testid: string; formatar?: (valor: number) => string }) {
  const maximo = Math.max(1, ...itens.map((i) => i.valor));
  const rotulosACada = Math.max(1, Math.ceil(itens.length / 16));
  // Few bars stay bar-shaped (at most 120 px each) instead of filling the width.
  const colunas = `repeat(${Math.max(1, itens.length)}, minmax(0, ${itens.length < 8 ? '120px' : '1fr'}))`;
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid}>
      <div style={{ display: 'grid', gridTemplateColumns: colunas, justifyContent: 'center', alignItems: 'end', gap: 4, height: 180 }}>
        {itens.map((item) => (
          <Tooltip key={item.rotulo} label={`${item.rotulo}: ${formatar(item.valor)}`}>
            <div style={{ height: `${Math.max(1, (item.valor * 100) / maximo)}%`, background: 'var(--mantine-color-blue-6)', borderRadius: '3px 3px 0 0' }} />
          </Tooltip>
        ))}
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: colunas, justifyContent: 'center', gap: 4, marginTop: 4 }}>
        {itens.map((item, i) => (
          <Stack key={item.rotulo} gap={0} align="center">
            <Text size="xs" c="dimmed" ta="center" truncate style={{ maxWidth: '100%' }}>
              {i % rotulosACada === 0 ? item.rotulo : ''}
            </Text>
          </Stack>
        ))}
      </div>
    </Paper>
  );
}
