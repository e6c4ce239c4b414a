import { Alert, Badge, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CANAL_PROPRIO, findRecurso, reais, situacoesLojaDelivery, type SituacaoLojaDelivery } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resourceApi, resourceKeys } from '../../resources/api.ts';
import { ReferenciaInput } from '../../resources/ReferenciaInput.tsx';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import type { ResourceFormController } from '../../resources/useResourceForm.ts';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { deliveryApi, deliveryKeys, type AvisoLoja, type PedidoDelivery, type SituacaoPedidoDelivery } from './deliveryApi.ts';
import { SegredoGuardado } from '../SegredoGuardado.tsx';

const recurso = findRecurso('appIntegracaoDelivery')!;
const corSituacao: Record<SituacaoPedidoDelivery, string> = { recebido: 'yellow', aceito: 'teal', recusado: 'gray', cancelado: 'red' };
const corLoja: Record<SituacaoLojaDelivery, string> = { Aberta: 'teal', Fechada: 'gray', Pausada: 'orange' };

interface Integracao {
  _id: string;
  descricao: string;
  provedor: string;
  situacaoLoja: SituacaoLojaDelivery;
  motivoPausa: string | null;
}

/** The company's integrations (the resource engine's list), for the status switches and the mapping. */
function useIntegracoes() {
  const empresa = useGeral((s) => s.empresa?._id);
  return useQuery({
    queryKey: [...resourceKeys.all('appIntegracaoDelivery', empresa), 'delivery-tela'],
    queryFn: async ({ signal }) => {
      const { registros } = await resourceApi('appIntegracaoDelivery').list({ filtro: { lixo: false }, sort: { descricao: 1 }, limit: 100, skip: 0 }, signal);
      return registros as unknown as Integracao[];
    },
  });
}

const erro = (e: unknown) => notifications.show({ color: 'red', message: e instanceof Error ? e.message : String(e) });

/** The webhook secret on the integration's form: set (or replaced), never shown back. */
function SegredoSecao({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  return (
    <SegredoGuardado
      testid="delivery-segredo"
      rota={id ? `appIntegracaoDelivery/${encodeURIComponent(id)}/segredo` : null}
      campos={[{ chave: 'segredo', rotulo: t('delivery.novoSegredo'), oculto: true, minimo: 16, testid: 'delivery-segredo-valor' }]}
      textos={{ titulo: t('delivery.segredoTitulo'), explicacao: t('delivery.segredoExplicacao'), definidoEm: (data) => t('delivery.segredoDefinidoEm', { data }), ausente: t('delivery.segredoAusente'), salveAntes: t('delivery.salveAntes'), botao: t('delivery.definirSegredo'), salvo: t('delivery.segredoDefinido') }}
    />
  );
}

/** An iFood integration's OAuth client (the id and secret iFood issued): set or replaced, never shown back. */
function OauthSecao({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  return (
    <SegredoGuardado
      testid="delivery-oauth"
      rota={id ? `appIntegracaoDelivery/${encodeURIComponent(id)}/oauth` : null}
      campos={[
        { chave: 'clientId', rotulo: t('delivery.clientId'), oculto: false, minimo: 1, testid: 'delivery-oauth-id' },
        { chave: 'clientSecret', rotulo: t('delivery.clientSecret'), oculto: true, minimo: 8, testid: 'delivery-oauth-segredo' },
      ]}
      corAusente="gray"
      textos={{ titulo: t('delivery.oauthTitulo'), explicacao: t('delivery.oauthExplicacao'), definidoEm: (data) => t('delivery.segredoDefinidoEm', { data }), ausente: t('delivery.oauthAusente'), salveAntes: t('delivery.salveAntes'), botao: t('delivery.definirOauth'), salvo: t('delivery.oauthDefinido') }}
    />
  );
}

/** The own delivery page's public address (/d/<id>), to share with customers. */
function PaginaPropriaSecao({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const id = form.registro?._id;
  const endereco = id ? `${window.location.origin}/d/${id}` : null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="delivery-pagina">
      <Stack gap="xs">
        <TituloSecao sub>{t('delivery.paginaTitulo')}</TituloSecao>
        <Text size="sm" c="dimmed">{t('delivery.paginaExplicacao')}</Text>
        {endereco ? (
          <Group align="flex-end" wrap="nowrap">
            <TextInput readOnly value={endereco} onFocus={(e) => e.currentTarget.select()} style={{ flex: 1 }} aria-label={t('delivery.paginaTitulo')} data-testid="delivery-pagina-endereco" />
            <Button component="a" href={endereco} target="_blank" rel="noopener" variant="light">{t('delivery.abrirPagina')}</Button>
          </Group>
        ) : (
          <Alert color="gray">{t('delivery.paginaSalveAntes')}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

const corAviso: Record<AvisoLoja['estado'], string> = { enviado: 'teal', pendente: 'orange', desistido: 'red', semChamada: 'gray' };

/** What the channel's marketplace heard last about the store, and when (or why it is still waiting). */
function AvisoDaLoja({ aviso }: { aviso: AvisoLoja | undefined }) {
  const { t } = useTranslation();
  if (!aviso) return null;
  const situacao = t(`delivery.loja.${aviso.situacao}`);
  return (
    <Group gap="xs" mt={6} data-testid="delivery-loja-aviso">
      <Badge size="sm" variant="dot" tt="none" color={corAviso[aviso.estado]}>
        {t(`delivery.aviso.${aviso.estado}`, { situacao, data: dataHora(aviso.em) })}
      </Badge>
      {aviso.ate ? <Text size="xs" c="dimmed">{t('delivery.pausaAte', { data: dataHora(aviso.ate) })}</Text> : null}
      {aviso.erro ? <Text size="xs" c={aviso.estado === 'desistido' ? 'red' : 'orange'}>{t('delivery.avisoErro', { erro: aviso.erro, count: aviso.tentativas })}</Text> : null}
    </Group>
  );
}

/** Open / closed / paused per channel; pausing asks the reason and for how long; each says what its marketplace heard. */
function SituacaoLojas() {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const integracoes = useIntegracoes();
  const pode = usePermissoes().pode('appIntegracaoDelivery', 'editar');
  const [pausando, setPausando] = useState<Integracao | null>(null);
  const [motivo, setMotivo] = useState('');
  const [minutos, setMinutos] = useState<string>('30');
  const empresa = useGeral((s) => s.empresa?._id);
  const avisos = useQuery({ queryKey: [...deliveryKeys.todos(empresa), 'avisosLoja'], queryFn: ({ signal }) => deliveryApi.avisosLoja(signal), refetchInterval: 15_000 });
  const mudar = useMutation({
    mutationFn: ({ i, situacao, motivo }: { i: Integracao; situacao: SituacaoLojaDelivery; motivo: string | null }) => deliveryApi.loja(i._id, situacao, motivo, situacao === 'Pausada' && minutos !== 'reabrir' ? Number(minutos) : null),
    onSuccess: (_r, v) => {
      setPausando(null);
      setMotivo('');
      notifications.show({ message: t('delivery.lojaAgora', { loja: v.i.descricao, situacao: t(`delivery.loja.${v.situacao}`) }) });
      void cliente.invalidateQueries({ queryKey: ['recurso', 'appIntegracaoDelivery'] });
      // The marketplace hears it a moment after the commit.
      setTimeout(() => void cliente.invalidateQueries({ queryKey: [...deliveryKeys.todos(empresa), 'avisosLoja'] }), 1_500);
    },
    onError: erro,
  });
  if (!integracoes.data?.length) return <Alert color="gray">{t('delivery.semIntegracoes')}</Alert>;
  return (
    <Stack gap="xs">
      {integracoes.data.map((i) => (
        <Paper key={i._id} withBorder p="sm" radius="md" data-testid="delivery-loja">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>{i.descricao}</Text>
              <Badge variant="light" tt="none" color={corLoja[i.situacaoLoja]}>
                {t(`delivery.loja.${i.situacaoLoja}`)}
              </Badge>
              {i.situacaoLoja === 'Pausada' && i.motivoPausa ? (
                <Text size="sm" c="dimmed">
                  {i.motivoPausa}
                </Text>
              ) : null}
            </Group>
            <SegmentedControl
              size="xs"
              disabled={!pode || mudar.isPending}
              value={i.situacaoLoja}
              aria-label={t('delivery.situacaoDaLoja', { loja: i.descricao })}
              data={situacoesLojaDelivery.map((s) => ({ value: s, label: t(`delivery.loja.${s}`) }))}
              onChange={(v) => (v === 'Pausada' ? setPausando(i) : mudar.mutate({ i, situacao: v as SituacaoLojaDelivery, motivo: null }))}
            />
          </Group>
          <AvisoDaLoja aviso={avisos.data?.find((a) => a.integracao === i._id)} />
        </Paper>
      ))}
      <Modal opened={!!pausando} onClose={() => setPausando(null)} title={t('delivery.pausarTitulo', { loja: pausando?.descricao ?? '' })}>
        <Stack>
          <TextInput label={t('delivery.motivoPausa')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} placeholder={t('delivery.motivoPausaExemplo')} data-autofocus />
          <Select
            label={t('delivery.duracaoPausa')}
            value={minutos}
            onChange={(v) => setMinutos(v ?? '30')}
            data={[...['15', '30', '60', '120'].map((m) => ({ value: m, label: t('delivery.pausaMinutos', { minutos: m }) })), { value: 'reabrir', label: t('delivery.pausaAteReabrir') }]}
            allowDeselect={false}
            data-testid="delivery-pausa-duracao"
          />
          <Group justify="flex-end">
            <Button onClick={() => pausando && mudar.mutate({ i: pausando, situacao: 'Pausada', motivo })} disabled={!motivo.trim()} loading={mudar.isPending}>
              {t('delivery.pausar')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Repasse({ p }: { p: PedidoDelivery }) {
  const { t } = useTranslation();
  const r = p.repasse;
  if (!r) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('delivery.repasseLinha', { bruto: reais(r.bruto), comissao: reais(r.comissao), campanhas: reais(r.campanhas), subsidio: reais(r.subsidio), liquido: reais(r.liquido) })}
    </Text>
  );
}

/** The orders received by the active company, newest first, with accept / refuse on those waiting. */
function Pedidos() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const cliente = useQueryClient();
  const pode = usePermissoes().pode('appIntegracaoDelivery', 'editar');
  const pedidos = useQuery({ queryKey: [...deliveryKeys.todos(empresa), 'pedidos'], queryFn: ({ signal }) => deliveryApi.pedidos(signal), refetchInterval: 15_000 });
  const [recusando, setRecusando] = useState<PedidoDelivery | null>(null);
  const [motivo, setMotivo] = useState('');
  const atualizar = () => void cliente.invalidateQueries({ queryKey: deliveryKeys.todos(empresa) });
  const aceitar = useMutation({
    mutationFn: (p: PedidoDelivery) => deliveryApi.aceitar(p._id),
    onSuccess: (r, p) => {
      notifications.show({ message: t('delivery.aceito', { codigo: p.codigo, total: reais(r.total) }) });
      atualizar();
    },
    onError: erro,
  });
  const recusar = useMutation({
    mutationFn: () => deliveryApi.recusar(recusando!._id, motivo),
    onSuccess: () => {
      notifications.show({ message: t('delivery.recusado', { codigo: recusando!.codigo }) });
      setRecusando(null);
      setMotivo('');
      atualizar();
    },
    onError: erro,
  });
  const avisar = useMutation({
    mutationFn: ({ p, acao }: { p: PedidoDelivery; acao: 'pronto' | 'despachar' }) => deliveryApi.avisar(p._id, acao),
    onSuccess: (_r, { p }) => {
      notifications.show({ message: t('delivery.avisado', { codigo: p.codigo }) });
      atualizar();
    },
    onError: erro,
  });
  const lista = pedidos.data ?? [];
  return (
    <Stack gap="sm">
      {pedidos.isSuccess && !lista.length ? <Alert color="gray">{t('delivery.semPedidos')}</Alert> : null}
      {lista.length ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" data-testid="delivery-pedidos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('delivery.pedido')}</Table.Th>
                <Table.Th>{t('delivery.itens')}</Table.Th>
                <Table.Th ta="right">{t('delivery.total')}</Table.Th>
                <Table.Th>{t('delivery.situacao')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lista.map((p) => {
                const faltam = p.itens.filter((i) => !i.mapeado).length;
                return (
                  <Table.Tr key={p._id} data-testid={`delivery-pedido-${p.codigo}`}>
                    <Table.Td>
                      <Text fw={600}>#{p.codigo}</Text>
                      <Text size="xs" c="dimmed">
                        {p.integracaoDescricao} · {dataHora(p.criadoEm)}
                        {p.cliente ? ` · ${p.cliente}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {p.itens.map((i, n) => (
                        <Text key={n} size="sm" c={i.mapeado ? undefined : 'red'}>
                          {Number(i.quantidade).toLocaleString('pt-BR')} × {i.nome}
                          {i.mapeado ? '' : ` (${t('delivery.semMapeamento')})`}
                        </Text>
                      ))}
                      <Repasse p={p} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {p.repasse ? reais(p.repasse.bruto - p.repasse.campanhas) : null}
                    </Table.Td>
                    <Table.Td miw={120}>
                      <Badge variant="light" tt="none" color={corSituacao[p.situacao]} style={{ overflow: 'visible' }} data-testid="delivery-pedido-situacao">
                        {t(`delivery.situacoes.${p.situacao}`)}
                      </Badge>
                      {p.motivo ? (
                        <Text size="xs" c="dimmed" maw={260}>
                          {p.motivo}
                        </Text>
                      ) : null}
                      {p.retornos.length ? (
                        <Text size="xs" c="dimmed" maw={260} data-testid="delivery-retornos">
                          {t('delivery.retornoTitulo')}: {p.retornos.map((r) => `${t(`delivery.retornos.${r.evento}`)} ${t(`delivery.retornoSituacoes.${r.situacao}`)}${r.erro ? ` (${r.erro})` : ''}`).join('; ')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {p.situacao === 'recebido' && pode ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" onClick={() => aceitar.mutate(p)} loading={aceitar.isPending && aceitar.variables?._id === p._id} disabled={faltam > 0} title={faltam ? t('delivery.mapeieAntes') : undefined} data-testid="delivery-aceitar">
                            {t('delivery.aceitar')}
                          </Button>
                          <Button size="xs" variant="subtle" color="red" onClick={() => setRecusando(p)} data-testid="delivery-recusar">
                            {t('delivery.recusar')}
                          </Button>
                        </Group>
                      ) : p.situacao === 'aceito' && pode ? (
                        <Group gap="xs" wrap="nowrap">
                          {(['pronto', 'despachar'] as const).map((acao) => (
                            <Button key={acao} size="xs" variant="light" onClick={() => avisar.mutate({ p, acao })} loading={avisar.isPending && avisar.variables?.p._id === p._id && avisar.variables.acao === acao} data-testid={`delivery-${acao}`}>
                              {t(`delivery.${acao}`)}
                            </Button>
                          ))}
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Modal opened={!!recusando} onClose={() => setRecusando(null)} title={t('delivery.recusarTitulo', { codigo: recusando?.codigo ?? '' })}>
        <Stack>
          <TextInput label={t('delivery.motivoRecusa')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} data-autofocus data-testid="delivery-recusar-motivo" />
          <Group justify="flex-end">
            <Button color="red" onClick={() => recusar.mutate()} disabled={!motivo.trim()} loading={recusar.isPending} data-testid="delivery-recusar-ok">
              {t('delivery.recusar')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The item mapping of one integration: the unmapped items of received orders first, then the mapped ones. */
function Mapeamento() {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const integracoes = useIntegracoes();
  const pode = usePermissoes().pode('appIntegracaoDelivery', 'editar');
  const [escolhida, setEscolhida] = useState<string | null>(null);
  const id = escolhida ?? integracoes.data?.[0]?._id ?? null;
  const mapa = useQuery({ queryKey: ['delivery', 'mapa', id], queryFn: ({ signal }) => deliveryApi.mapa(id!, signal), enabled: !!id });
  const [produtos, setProdutos] = useState<Record<string, string | null>>({});
  const mapear = useMutation({
    mutationFn: ({ item, descricao, produto }: { item: string; descricao: string; produto: string }) => deliveryApi.mapear(id!, item, descricao, produto),
    onSuccess: () => {
      notifications.show({ message: t('delivery.mapeado') });
      void cliente.invalidateQueries({ queryKey: ['delivery'] });
    },
    onError: erro,
  });
  const linhas = [
    ...(mapa.data?.naoMapeados ?? []).map((n) => ({ item: n.itemExterno, descricao: n.descricaoExterna, produto: null as string | null, pedidos: n.pedidos })),
    ...(mapa.data?.mapeados ?? []).map((m) => ({ item: m.itemExterno, descricao: m.descricaoExterna, produto: m.produto, pedidos: null as number | null })),
  ];
  return (
    <Stack gap="sm">
      <Select label={t('delivery.integracao')} data={(integracoes.data ?? []).map((i) => ({ value: i._id, label: i.descricao }))} value={id} onChange={setEscolhida} maw={360} allowDeselect={false} />
      {mapa.data?.naoMapeados.length ? <Alert color="orange">{t('delivery.naoMapeadosAviso', { count: mapa.data.naoMapeados.length })}</Alert> : null}
      {mapa.isSuccess && !linhas.length ? <Alert color="gray">{t('delivery.mapaVazio')}</Alert> : null}
      {linhas.length ? (
        <Table verticalSpacing="xs" data-testid="delivery-mapa">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('delivery.itemDoApp')}</Table.Th>
              <Table.Th>{t('delivery.produto')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas.map((l) => {
              const valor = produtos[l.item] !== undefined ? produtos[l.item]! : l.produto;
              return (
                <Table.Tr key={l.item}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {l.descricao}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.item}
                      {l.pedidos !== null ? ` · ${t('delivery.emPedidos', { count: l.pedidos })}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={260}>
                    <ReferenciaInput alvo="produtoGeral" campo={{ rotulo: t('delivery.produto'), tipo: 'referencia' }} nome={`produto-${l.item}`} valor={valor} onChange={(v) => setProdutos((p) => ({ ...p, [l.item]: (v as string | null) ?? null }))} aria-label={t('delivery.produtoDe', { item: l.descricao })} />
                  </Table.Td>
                  <Table.Td>
                    {l.produto === null ? (
                      <Badge color="red" variant="light" tt="none" mr="xs">
                        {t('delivery.semMapeamento')}
                      </Badge>
                    ) : null}
                    {pode ? (
                      <Button size="xs" variant="light" disabled={!valor || valor === l.produto} onClick={() => mapear.mutate({ item: l.item, descricao: l.descricao, produto: valor! })}>
                        {t('delivery.salvarMapa')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

/**
 * appIntegracaoDelivery: the orders received (accept / refuse) with each channel's store status, the
 * item mapping, and the integrations themselves (the resource engine's list and form, plus the secret).
 */
export default function AppIntegracaoDeliveryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // An integration's address (?editar=, ?novo=, from the search or a link) opens on its tab.
  const [aba, setAba] = useState<string | null>(params.has('editar') || params.has('novo') ? 'integracoes' : 'pedidos');
  return (
    <Tabs value={aba} onChange={setAba} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="pedidos">{t('delivery.abaPedidos')}</Tabs.Tab>
        <Tabs.Tab value="mapa">{t('delivery.abaMapa')}</Tabs.Tab>
        <Tabs.Tab value="integracoes">{t('delivery.abaIntegracoes')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="pedidos">
        <Stack gap="lg">
          <SituacaoLojas />
          <Pedidos />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="mapa">
        <Mapeamento />
      </Tabs.Panel>
      <Tabs.Panel value="integracoes">
        {/* The own page has no webhook: its address instead of the secret. */}
        <Tela
          recurso={recurso}
          extra={(form) =>
            form.valores.provedor === CANAL_PROPRIO ? (
              <PaginaPropriaSecao form={form} />
            ) : (
              <Stack gap="md">
                <SegredoSecao form={form} />
                {form.valores.provedor === 'iFood' ? <OauthSecao form={form} /> : null}
              </Stack>
            )
          }
        />
      </Tabs.Panel>
    </Tabs>
  );
}
