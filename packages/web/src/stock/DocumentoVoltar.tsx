import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { CarregandoRelatorio } from '../sales/relatorios/Progresso.tsx';

interface Voltar {
  rotulo: string;
  onVoltar: () => void;
  testid?: string;
}

/** The way back from a stock document (count, production order, purchase order) to its list. */
export function BotaoVoltar({ rotulo, onVoltar, testid }: Voltar) {
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onVoltar} style={{ alignSelf: 'flex-start' }} data-testid={testid}>
      {rotulo}
    </Button>
  );
}

/** A stock document's page while it loads, or the reason it could not, with the way back. */
export function DocumentoCarregando({ rotulo, onVoltar, erro, testid }: Voltar & { erro: Error | null }) {
  return (
    <Stack gap="md" maw={1400} data-testid={testid}>
      <BotaoVoltar rotulo={rotulo} onVoltar={onVoltar} />
      {erro ? <Alert color="red">{erro.message}</Alert> : <CarregandoRelatorio />}
    </Stack>
  );
}
