import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface Cartao {
  testid: string;
  titulo: string;
  valor: string;
  detalhe?: string;
  /** Mantine color of the value (red for losses). */
  cor?: string | undefined;
}

/** The summary cards over a report's results: title, the figure, a line under it. */
export function Cartoes({ cartoes }: { cartoes: readonly Cartao[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(4, cartoes.length) }}>
      {cartoes.map((c) => (
        <Paper key={c.testid} withBorder p="md" radius="md" data-testid={c.testid}>
          <Text size="sm" c="dimmed">
            {c.titulo}
          </Text>
          <Text fz={{ base: 17, sm: 22 }} fw={700} c={c.cor} data-testid={`${c.testid}-valor`} style={{ whiteSpace: 'nowrap' }}>
            {c.valor}
          </Text>
          {c.detalhe ? (
            <Text size="xs" c="dimmed" data-testid={`${c.testid}-detalhe`}>
              {c.detalhe}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
