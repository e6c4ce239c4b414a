import { ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, NumberInput, Paper, Select, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reais } from '@retaguarda/domain';
import { IconPrinter, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { api } from '../../api/client.ts';
import { getConfig } from '../../app/config.ts';
import { resourceApi } from '../../resources/api.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';

interface Config {
  cardapio: string;
  tabelaVenda: string | null;
  taxaServico: string;
  ativo: boolean;
  version: number;
}
interface Mesa {
  _id: string;
  numero: number;
  nome: string;
  area: string;
  ativo: boolean;
  token: string;
  url: string;
  version: number;
}
interface Atividade {
  pedidos: { _id: string; mesa: number; nomeMesa: string; cliente: { nome: string } | null; criadoEm: string; total: number; naCozinha: boolean; itens: { descricao: string; quantidade: number; observacao: string | null; complementos: { descricao: string }[] }[] }[];
  chamadas: { _id: string; mesa: number; nomeMesa: string; criadoEm: string; atendidaEm: string | null }[];
}

const erro = (e: unknown) => notifications.show({ color: 'red', message: e instanceof Error ? e.message : String(e) });
/** '10.00' → '10,00' for the field; the server reads either. */
const percentualBr = (p: string) => p.replace('.', ',');

/** Options of a company resource's select: id → description. */
function useOpcoes(recurso: 'cardapio' | 'tabelaVenda') {
  const empresa = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: ['qrCode', 'opcoes', recurso, empresa],
    queryFn: async ({ signal }) => {
      const { registros } = await resourceApi(recurso).list({ filtro: { lixo: false }, sort: { descricao: 1 }, limit: 200, skip: 0 }, signal);
      return (registros as unknown as { _id: string; descricao: string }[]).map((r) => ({ value: r._id, label: r.descricao }));
    },
  });
}

function ConfigSecao({ config, pode }: { config: Config | null; pode: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const cardapios = useOpcoes('cardapio');
  const tabelas = useOpcoes('tabelaVenda');
  const [valor, setValor] = useState({ cardapio: config?.cardapio ?? null, tabelaVenda: config?.tabelaVenda ?? null, taxaServico: percentualBr(config?.taxaServico ?? '10.00'), ativo: config?.ativo ?? true });
  useEffect(() => {
    if (config) setValor({ cardapio: config.cardapio, tabelaVenda: config.tabelaVenda, taxaServico: percentualBr(config.taxaServico), ativo: config.ativo });
  }, [config]);
  const salvar = useMutation({
    mutationFn: () => api.put('qrCode/config', { ...valor, version: config?.version ?? null }),
    onSuccess: () => {
      notifications.show({ message: t('qrCode.salvo') });
      void cliente.invalidateQueries({ queryKey: ['qrCode', 'tela'] });
    },
    onError: erro,
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="qr-config">
      <Stack gap="sm">
        <TituloSecao>{t('qrCode.configuracao')}</TituloSecao>
        {!config && <Alert color="yellow">{t('qrCode.semConfig')}</Alert>}
        <Group grow align="flex-start">
          <Select label={t('qrCode.cardapio')} description={t('qrCode.cardapioAjuda')} data={cardapios.data ?? []} value={valor.cardapio} onChange={(v) => setValor({ ...valor, cardapio: v })} searchable disabled={!pode} data-testid="qr-cardapio" />
          <Select label={t('qrCode.tabelaVenda')} description={t('qrCode.tabelaVendaAjuda')} placeholder={t('qrCode.semTabela')} data={tabelas.data ?? []} value={valor.tabelaVenda} onChange={(v) => setValor({ ...valor, tabelaVenda: v })} clearable disabled={!pode} />
        </Group>
        <Group align="flex-end">
          <TextInput label={t('qrCode.taxaServico')} value={valor.taxaServico} onChange={(e) => setValor({ ...valor, taxaServico: e.currentTarget.value })} w={180} disabled={!pode} data-testid="qr-taxa" />
          <Switch label={t('qrCode.ativo')} checked={valor.ativo} onChange={(e) => setValor({ ...valor, ativo: e.currentTarget.checked })} disabled={!pode} mb={8} />
          <Button onClick={() => salvar.mutate()} loading={salvar.isPending} disabled={!pode} ml="auto" data-testid="qr-salvar">
            {t('qrCode.salvar')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type Edicao = { mesa: Mesa | null; numero: number | string; nome: string; area: string; ativo: boolean };

function MesaDialogo({ edicao, aoFechar }: { edicao: Edicao; aoFechar: () => void }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const [v, setV] = useState(edicao);
  const salvar = useMutation({
    mutationFn: () => {
      const corpo = { numero: Number(v.numero), nome: v.nome, area: v.area, ativo: v.ativo };
      return v.mesa ? api.put(`qrCode/mesas/${v.mesa._id}`, { ...corpo, version: v.mesa.version }) : api.post('qrCode/mesas', corpo);
    },
    onSuccess: () => {
      void cliente.invalidateQueries({ queryKey: ['qrCode', 'tela'] });
      aoFechar();
    },
    onError: erro,
  });
  return (
    <Modal opened onClose={aoFechar} title={v.mesa ? t('qrCode.editarMesa', { numero: v.mesa.numero }) : t('qrCode.novaMesa')}>
      <form onSubmit={(e) => (e.preventDefault(), salvar.mutate())}>
        <Stack>
          <NumberInput label={t('qrCode.numero')} value={v.numero} onChange={(n) => setV({ ...v, numero: n, nome: !v.mesa && (v.nome === '' || /^Mesa \d*$/.test(v.nome)) ? `Mesa ${n}` : v.nome })} min={1} max={9999} allowDecimal={false} data-testid="qr-mesa-numero" />
          <TextInput label={t('qrCode.nome')} value={v.nome} onChange={(e) => setV({ ...v, nome: e.currentTarget.value })} maxLength={40} data-testid="qr-mesa-nome" />
          <TextInput label={t('qrCode.area')} placeholder={t('qrCode.areaExemplo')} value={v.area} onChange={(e) => setV({ ...v, area: e.currentTarget.value })} maxLength={40} />
          <Switch label={t('qrCode.ativa')} checked={v.ativo} onChange={(e) => setV({ ...v, ativo: e.currentTarget.checked })} />
          <Button type="submit" loading={salvar.isPending} data-testid="qr-mesa-salvar">
            {t('qrCode.salvar')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function MesasSecao({ mesas, podeCriar, podeEditar, podeLixeira }: { mesas: Mesa[]; podeCriar: boolean; podeEditar: boolean; podeLixeira: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const [confirmar, setConfirmar] = useState<{ mesa: Mesa; acao: 'token' | 'lixeira' } | null>(null);
  const acao = useMutation({
    mutationFn: ({ mesa, acao }: { mesa: Mesa; acao: 'token' | 'lixeira' }) =>
      acao === 'token' ? api.put(`qrCode/mesas/${mesa._id}`, { trocarToken: true, version: mesa.version }) : api.post(`qrCode/mesas/${mesa._id}/lixeira`, { version: mesa.version }),
    onSuccess: () => {
      setConfirmar(null);
      void cliente.invalidateQueries({ queryKey: ['qrCode', 'tela'] });
    },
    onError: erro,
  });
  const proximo = mesas.reduce((m, x) => Math.max(m, x.numero), 0) + 1;
  const folha = `${getConfig().baseRest.replace(/\/+$/, '')}/qrCode/folha.pdf`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="qr-mesas">
      <Stack gap="sm">
        <Group justify="space-between">
          <TituloSecao>{t('qrCode.mesas')}</TituloSecao>
          <Group gap="xs">
            {/* A link cannot be disabled (a greyed one still reads as text to a screen reader and fails contrast): with no tables there is no sheet to print. */}
            {mesas.length ? (
              <Button variant="default" leftSection={<IconPrinter size={16} />} component="a" href={folha} target="_blank" data-testid="qr-imprimir">
                {t('qrCode.imprimir')}
              </Button>
            ) : null}
            <Button onClick={() => setEdicao({ mesa: null, numero: proximo, nome: `Mesa ${proximo}`, area: '', ativo: true })} disabled={!podeCriar} data-testid="qr-nova-mesa">
              {t('qrCode.novaMesa')}
            </Button>
          </Group>
        </Group>
        {!mesas.length ? (
          <Text c="dimmed">{t('qrCode.nenhumaMesa')}</Text>
        ) : (
          <Table striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('qrCode.numero')}</Table.Th>
                <Table.Th>{t('qrCode.nome')}</Table.Th>
                <Table.Th>{t('qrCode.area')}</Table.Th>
                <Table.Th>{t('qrCode.endereco')}</Table.Th>
                <Table.Th w={140} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mesas.map((m) => (
                <Table.Tr key={m._id} data-testid="qr-mesa-linha">
                  <Table.Td>{m.numero}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {m.nome}
                      {!m.ativo && <Badge color="gray" size="sm">{t('qrCode.inativa')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{m.area}</Table.Td>
                  <Table.Td>
                    <Anchor href={`/q/${m.token}`} target="_blank" size="sm" ff="monospace" data-testid="qr-mesa-link">
                      /q/{m.token}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" onClick={() => setEdicao({ mesa: m, numero: m.numero, nome: m.nome, area: m.area, ativo: m.ativo })} disabled={!podeEditar}>
                        {t('qrCode.editar')}
                      </Button>
                      <Tooltip label={t('qrCode.novoEndereco')}>
                        <ActionIcon variant="subtle" onClick={() => setConfirmar({ mesa: m, acao: 'token' })} disabled={!podeEditar} aria-label={t('qrCode.novoEndereco')}>
                          <IconRefresh size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('qrCode.lixeira')}>
                        <ActionIcon variant="subtle" color="red" onClick={() => setConfirmar({ mesa: m, acao: 'lixeira' })} disabled={!podeLixeira} aria-label={t('qrCode.lixeira')}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {edicao && <MesaDialogo edicao={edicao} aoFechar={() => setEdicao(null)} />}
      {confirmar && (
        <Modal opened onClose={() => setConfirmar(null)} title={confirmar.acao === 'token' ? t('qrCode.novoEndereco') : t('qrCode.lixeira')}>
          <Stack>
            <Text>{t(confirmar.acao === 'token' ? 'qrCode.novoEnderecoConfirmar' : 'qrCode.lixeiraConfirmar', { numero: confirmar.mesa.numero })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmar(null)}>
                {t('qrCode.cancelar')}
              </Button>
              <Button color={confirmar.acao === 'lixeira' ? 'red' : undefined} loading={acao.isPending} onClick={() => acao.mutate(confirmar)}>
                {t('qrCode.confirmar')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}

const hora = (iso: string) => dataHora(iso).slice(-5);

/** The latest orders and waiter calls, polled: a waiter keeps the screen open on the pass. */
function AgoraSecao({ podeEditar }: { podeEditar: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const empresa = useGeral((s) => s.empresa?._id);
  const atividade = useQuery({ queryKey: ['qrCode', 'atividade', empresa], queryFn: () => api.get<Atividade>('qrCode/atividade'), refetchInterval: 5000 });
  const atender = useMutation({
    mutationFn: (id: string) => api.post(`qrCode/chamadas/${id}/atender`, {}),
    onSuccess: () => void cliente.invalidateQueries({ queryKey: ['qrCode', 'atividade'] }),
    onError: erro,
  });
  const d = atividade.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="qr-agora">
      <Stack gap="sm">
        <Group justify="space-between">
          <TituloSecao>{t('qrCode.agora')}</TituloSecao>
          <Text size="xs" c="dimmed">{t('qrCode.agoraAjuda')}</Text>
        </Group>
        <Text fw={600} size="sm">{t('qrCode.chamadas')}</Text>
        {!d?.chamadas.length ? (
          <Text c="dimmed" size="sm">{t('qrCode.nenhumaChamada')}</Text>
        ) : (
          <Group gap="xs">
            {d.chamadas.map((c) => (
              <Paper key={c._id} withBorder p={6} radius="sm" bg={c.atendidaEm ? undefined : 'var(--mantine-color-orange-light)'} data-testid="qr-chamada">
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>{c.nomeMesa}</Text>
                  <Text size="xs" c="dimmed">{hora(c.criadoEm)}</Text>
                  {c.atendidaEm ? (
                    <Text size="xs" c="dimmed">{t('qrCode.atendidaEm', { hora: hora(c.atendidaEm) })}</Text>
                  ) : (
                    <Button size="compact-xs" onClick={() => atender.mutate(c._id)} disabled={!podeEditar}>
                      {t('qrCode.atender')}
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Group>
        )}
        <Text fw={600} size="sm" mt="xs">{t('qrCode.pedidos')}</Text>
        {!d?.pedidos.length ? (
          <Text c="dimmed" size="sm">{t('qrCode.nenhumPedido')}</Text>
        ) : (
          <Table striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('qrCode.quando')}</Table.Th>
                <Table.Th w={110}>{t('qrCode.mesa')}</Table.Th>
                <Table.Th>{t('qrCode.itens')}</Table.Th>
                <Table.Th w={110} ta="right">{t('qrCode.total')}</Table.Th>
                <Table.Th w={120} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.pedidos.map((p) => (
                <Table.Tr key={p._id} data-testid="qr-pedido">
                  <Table.Td>{hora(p.criadoEm)}</Table.Td>
                  <Table.Td>
                    {p.nomeMesa}
                    {p.cliente && <Text size="xs" c="dimmed" data-testid="qr-pedido-cliente">{p.cliente.nome}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {p.itens.map((i) => `${i.quantidade}× ${i.descricao}${i.complementos.length ? ` (${i.complementos.map((c) => c.descricao).join(', ')})` : ''}${i.observacao ? ` — ${i.observacao}` : ''}`).join('; ')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{reais(p.total)}</Table.Td>
                  <Table.Td>
                    <Badge color={p.naCozinha ? 'teal' : 'gray'} variant="light">{p.naCozinha ? t('qrCode.naCozinha') : t('qrCode.semCozinha')}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** qrCode: the store's QR ordering (menu, price table, service fee), its tables and their printable QR codes, and what the tables are asking now. */
export default function QrCodePage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const tela = useQuery({ queryKey: ['qrCode', 'tela', empresa], queryFn: () => api.get<{ config: Config | null; mesas: Mesa[] }>('qrCode') });
  if (tela.isError) return <Alert color="red">{tela.error.message}</Alert>;
  if (!tela.data) return null;
  return (
    <PaginaRelatorio testid="qr-code" titulo={t('qrCode.titulo')} explicacao={t('qrCode.explicacao')}>
      <ConfigSecao config={tela.data.config} pode={pode('qrCode', 'editar')} />
      <AgoraSecao podeEditar={pode('qrCode', 'editar')} />
      <MesasSecao mesas={tela.data.mesas} podeCriar={pode('qrCode', 'criar')} podeEditar={pode('qrCode', 'editar')} podeLixeira={pode('qrCode', 'lixeira')} />
    </PaginaRelatorio>
  );
}
