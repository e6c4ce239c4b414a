import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatCentavos } from '../../resources/format.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

/** A share-of-total list as horizontal bars (channels, payment methods): easier to read than a pie. */
export function Distribuicao({ titulo, itens, testid }: { titulo: string; itens: { rotulo: string; total: number; detalhe?: string }[]; testid: string }) {
  const soma = itens.reduce((s, i) => s + i.total, 0);
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid}>
      <Stack gap="sm">
        <TituloSecao>{titulo}</TituloSecao>
        {itens.map((item) => {
          // Whole percent with integer arithmetic (half up).
          const percentual = soma ? Math.floor((item.total * 200 + soma) / (2 * soma)) : 0;
          return (
            <Stack key={item.rotulo} gap={2} data-testid={`${testid}-item`}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {item.rotulo}
                  {item.detalhe ? (
                    <Text span size="xs" c="dimmed" ml={6}>
                      {item.detalhe}
                    </Text>
                  ) : null}
                </Text>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatCentavos(item.total)} · {percentual}%
                </Text>
              </Group>
              <Progress value={percentual} size="sm" />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
