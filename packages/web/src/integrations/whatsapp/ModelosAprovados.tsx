import { Accordion, Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { whatsAppApi } from './whatsAppApi.ts';

const COR_SITUACAO: Record<string, string> = { APPROVED: 'green', PENDING: 'yellow', REJECTED: 'red', PAUSED: 'orange', DISABLED: 'gray' };

/** The WABA's templates as last read (cached by the server), shared by the conversation and the automatic messages. */
export function useModelos() {
  return useQuery({ queryKey: ['whatsApp', 'modelos'], queryFn: ({ signal }) => whatsAppApi.modelos(signal) });
}

export function SituacaoModelo({ situacao }: { situacao: string }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={COR_SITUACAO[situacao] ?? 'gray'} style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`whatsApp.situacaoModelo.${situacao}`, { defaultValue: situacao })}
    </Badge>
  );
}

/** whatsAppPage's list of templates: name, language, category, status, body with {{n}}; refreshed from the API on demand. */
export function ModelosAprovadosSecao({ pode }: { pode: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const modelos = useModelos();
  const atualizar = useMutation({
    mutationFn: () => whatsAppApi.atualizarModelos(),
    onSuccess: (r) => {
      notifications.show({ message: t('whatsApp.modelosAtualizadosAviso', { count: r.modelos.length }) });
      void cliente.invalidateQueries({ queryKey: ['whatsApp', 'modelos'] });
    },
  });
  const d = modelos.data;
  return (
    <Accordion.Item value="modelos">
      <Accordion.Control data-testid="wa-modelos-abrir">
        <Group gap="sm">
          <Text fw={600}>{t('whatsApp.modelos')}</Text>
          {d && <Badge variant="light">{d.modelos.filter((m) => m.aprovado).length}</Badge>}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Group justify="space-between" mb="sm">
          <div>
            <Text size="sm" c="dimmed">
              {t('whatsApp.modelosAjuda')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="wa-modelos-quando">
              {d?.atualizadosEm ? t('whatsApp.modelosAtualizados', { em: dataHora(d.atualizadosEm) }) : t('whatsApp.modelosNunca')}
            </Text>
          </div>
          <Button variant="light" onClick={() => atualizar.mutate()} loading={atualizar.isPending} disabled={!pode} data-testid="wa-modelos-atualizar">
            {t('whatsApp.atualizarModelos')}
          </Button>
        </Group>
        {atualizar.isError && (
          <Alert color="red" mb="sm" data-testid="wa-modelos-erro">
            {atualizar.error.message}
          </Alert>
        )}
        {d && d.modelos.length === 0 ? (
          <Text c="dimmed">{t('whatsApp.semModelos')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="wa-modelos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('whatsApp.modeloNome')}</Table.Th>
                  <Table.Th>{t('whatsApp.modeloIdioma')}</Table.Th>
                  <Table.Th>{t('whatsApp.modeloCategoria')}</Table.Th>
                  <Table.Th>{t('whatsApp.modeloSituacao')}</Table.Th>
                  <Table.Th>{t('whatsApp.modeloCorpo')}</Table.Th>
                  <Table.Th ta="right">{t('whatsApp.modeloParametros')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d?.modelos.map((m) => (
                  <Table.Tr key={`${m.nome}/${m.idioma}`} data-testid="wa-modelo">
                    <Table.Td ff="monospace">{m.nome}</Table.Td>
                    <Table.Td>{m.idioma}</Table.Td>
                    <Table.Td>{m.categoria}</Table.Td>
                    <Table.Td miw={130}>
                      <SituacaoModelo situacao={m.situacao} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{m.corpo}</Table.Td>
                    <Table.Td ta="right">{m.parametros}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
