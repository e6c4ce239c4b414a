import { Alert, Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { findRecurso } from '@retaguarda/domain';
import { IconHistory, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { Tela } from '../resources/ResourceScreen.tsx';
import { TituloSecao } from '../resources/TituloSecao.tsx';
import type { ResourceFormController } from '../resources/useResourceForm.ts';
import { dataHora } from '../stock/formatoEstoque.ts';

const recurso = findRecurso('appTerceirosCadastro')!;

interface Chave {
  clientId: string;
  descricao: string;
  emitidaEm: string;
  revogadaEm: string | null;
  ultimoUsoEm: string | null;
}

interface NovaChave {
  clientId: string;
  clientSecret: string;
}

interface Auditoria {
  ultimas24h: number;
  recusadas24h: number;
  chamadas: { quando: string; metodo: string; rota: string; status: number; clientId: string | null }[];
}

const caminho = (id: string, resto: string) => `appTerceirosCadastro/${encodeURIComponent(id)}/${resto}`;

/** The client's keys: issue one (client_id and secret shown here once), revoke one, each with its last use. */
function ChavesSecao({ id, bloqueado }: { id: string; bloqueado: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const chave = ['appTerceirosCadastro', 'chaves', id];
  const [descricao, setDescricao] = useState('');
  const [nova, setNova] = useState<NovaChave | null>(null);
  const chaves = useQuery({ queryKey: chave, queryFn: () => api.get<Chave[]>(caminho(id, 'chaves')) });
  const atualizar = () => void cliente.invalidateQueries({ queryKey: ['appTerceirosCadastro'] });
  const gerar = useMutation({
    mutationFn: () => api.post<NovaChave>(caminho(id, 'chaves'), { descricao: descricao.trim() }),
    onSuccess: (data) => {
      setNova(data);
      setDescricao('');
      atualizar();
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const revogar = useMutation({
    mutationFn: (clientId: string) => api.post<Chave>(caminho(id, `chaves/${encodeURIComponent(clientId)}/revogar`), {}),
    onSuccess: (c) => {
      if (nova?.clientId === c.clientId) setNova(null);
      notifications.show({ message: t('appTerceiros.revogada') });
      atualizar();
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  return (
    <Stack gap="sm">
      {nova ? (
        <Alert color="yellow" title={t('appTerceiros.novaTitulo')} data-testid="chave-nova">
          <Stack gap="xs">
            <Text size="sm">{t('appTerceiros.novaAjuda')}</Text>
            {(
              [
                ['client_id', nova.clientId],
                ['client_secret', nova.clientSecret],
              ] as const
            ).map(([rotulo, valor]) => (
              <Group key={rotulo} gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} w={100}>
                  {rotulo}
                </Text>
                <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }} data-testid={`chave-nova-${rotulo}`}>
                  {valor}
                </Code>
                <CopyButton value={valor}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t('appTerceiros.copiado') : t('appTerceiros.copiar')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {chaves.data?.length ? (
        <Stack gap="xs" data-testid="chaves">
          {chaves.data.map((c) => (
            <Paper key={c.clientId} withBorder radius="sm" p="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {c.descricao}
                  </Text>
                  <Badge color={c.revogadaEm ? 'red' : 'teal'} variant="light" tt="none" size="sm">
                    {c.revogadaEm ? t('appTerceiros.revogadaEm', { data: dataHora(c.revogadaEm) }) : t('appTerceiros.ativa')}
                  </Badge>
                </Group>
                {c.revogadaEm ? null : (
                  <Button size="xs" variant="subtle" color="red" onClick={() => revogar.mutate(c.clientId)} loading={revogar.isPending && revogar.variables === c.clientId}>
                    {t('appTerceiros.revogar')}
                  </Button>
                )}
              </Group>
              <Text size="xs" mt={4}>
                client_id <Code>{c.clientId}</Code>
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {t('appTerceiros.gerada')} {dataHora(c.emitidaEm)} · {t('appTerceiros.ultimoUso')}: {c.ultimoUsoEm ? dataHora(c.ultimoUsoEm) : t('appTerceiros.nuncaUsada')}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : chaves.isSuccess ? (
        <Text size="sm" c="dimmed">
          {t('appTerceiros.semChaves')}
        </Text>
      ) : null}
      <Group gap="xs" align="flex-end">
        <TextInput size="xs" label={t('appTerceiros.descricaoChave')} placeholder={t('appTerceiros.descricaoExemplo')} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={60} />
        <Button size="xs" variant="light" onClick={() => gerar.mutate()} loading={gerar.isPending} disabled={bloqueado || !descricao.trim()} data-testid="chave-gerar">
          {t('appTerceiros.gerar')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The audit of the client's calls: the last 200 with their answer, and the counts of the last 24 hours. */
function ChamadasSecao({ id }: { id: string }) {
  const { t } = useTranslation();
  const auditoria = useQuery({ queryKey: ['appTerceirosCadastro', 'chamadas', id], queryFn: () => api.get<Auditoria>(caminho(id, 'chamadas')) });
  const a = auditoria.data;
  if (!a) return null;
  return (
    <Stack gap="xs" data-testid="chamadas">
      <Text size="sm">{t('appTerceiros.contagem', { total: a.ultimas24h, recusadas: a.recusadas24h })}</Text>
      {a.chamadas.length ? (
        <Table.ScrollContainer minWidth={0} mah={360}>
          <Table striped stickyHeader fz="xs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('appTerceiros.quando')}</Table.Th>
                <Table.Th>{t('appTerceiros.rota')}</Table.Th>
                <Table.Th>{t('appTerceiros.resposta')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.chamadas.map((c, i) => (
                <Table.Tr key={i}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dataHora(c.quando)}</Table.Td>
                  <Table.Td>
                    {/* A route is one long word: it may break after each slash (and anywhere in a long part), so the answer column stays in the drawer. */}
                    <Code style={{ overflowWrap: 'anywhere' }}>
                      {c.metodo}{' '}
                      {c.rota.split('/').map((parte, i) => (
                        <Fragment key={i}>
                          {i > 0 ? (
                            <>
                              /<wbr />
                            </>
                          ) : null}
                          {parte}
                        </Fragment>
                      ))}
                    </Code>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge color={c.status >= 400 ? (c.status === 429 ? 'orange' : 'red') : 'teal'} variant="light" size="sm" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
                        {c.status}
                      </Badge>
                      <Text size="xs">{t(`appTerceiros.status${c.status}`, { defaultValue: '' })}</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {t('appTerceiros.semChamadas')}
        </Text>
      )}
    </Stack>
  );
}

function ClienteSecoes({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  return (
    <>
      <Paper withBorder p="md" radius="md" data-testid="chaves-secao">
        <Stack gap="sm">
          <Group gap="xs">
            <IconKey size={20} />
            <TituloSecao sub>{t('appTerceiros.chavesTitulo')}</TituloSecao>
          </Group>
          <Text size="sm" c="dimmed">
            {t('appTerceiros.chavesExplicacao')}
          </Text>
          {id ? <ChavesSecao id={id} bloqueado={form.registro?.lixo === true} /> : <Alert color="gray">{t('appTerceiros.salveAntes')}</Alert>}
        </Stack>
      </Paper>
      {id ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group gap="xs">
              <IconHistory size={20} />
              <TituloSecao sub>{t('appTerceiros.chamadasTitulo')}</TituloSecao>
            </Group>
            <ChamadasSecao id={id} />
          </Stack>
        </Paper>
      ) : null}
    </>
  );
}

/** API clients of third parties: the generic list and form, plus the keys and the audit of calls on the form. */
export default function AppTerceirosCadastroPage() {
  return <Tela recurso={recurso} extra={(form) => <ClienteSecoes form={form} />} />;
}
