import { Alert, Badge, Button, Group, Modal, NumberInput, Paper, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { formatarNumeroWhatsApp, reais, VARIAVEIS_RECUPERADOR } from '@retaguarda/domain';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { resourceApi } from '../../resources/api.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { ModeloForaDaJanela } from './ModeloForaDaJanela.tsx';
import { whatsAppApi, type ClienteParado } from './whatsAppApi.ts';

const erro = (e: unknown) => notifications.show({ color: 'red', message: e instanceof Error ? e.message : String(e) });
const data = (iso: string) => dataHora(iso).slice(0, 10);

function Detalhe({ id, aoFechar }: { id: string; aoFechar: () => void }) {
  const { t } = useTranslation();
  const c = useQuery({ queryKey: ['recuperador', 'campanha', id], queryFn: ({ signal }) => whatsAppApi.campanha(id, signal) });
  return (
    <Modal opened onClose={aoFechar} size="xl" title={c.data ? t('recuperador.detalhe', { nome: c.data.nome }) : ''}>
      {c.data && (
        <Table striped data-testid="rec-detalhe">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recuperador.cliente')}</Table.Th>
              <Table.Th>{t('recuperador.telefone')}</Table.Th>
              <Table.Th>{t('recuperador.mensagemSituacao')}</Table.Th>
              <Table.Th>{t('recuperador.voltou')}</Table.Th>
              <Table.Th ta="right">{t('recuperador.pedidosComCupom')}</Table.Th>
              <Table.Th ta="right">{t('recuperador.receita')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.data.clientes.map((x) => (
              <Table.Tr key={x.cliente}>
                <Table.Td>{x.nome}</Table.Td>
                <Table.Td>{formatarNumeroWhatsApp(x.numero)}</Table.Td>
                <Table.Td>{x.mensagem ? t(`whatsApp.situacaoMensagem.${x.mensagem}`) : ''}</Table.Td>
                <Table.Td>{x.pedidos > 0 ? <Badge color="green">{t('recuperador.voltou')}</Badge> : <Text c="dimmed">{t('recuperador.naoVoltou')}</Text>}</Table.Td>
                <Table.Td ta="right">
                  {x.pedidos} ({x.comCupom})
                </Table.Td>
                <Table.Td ta="right">{reais(x.receita)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

/** recuperadorDeVenda: who stopped ordering, a campaign with a coupon sent through the robot, and what each campaign brought back. */
export default function RecuperadorDeVendaPage() {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const { pode } = usePermissoes();
  const [criterios, setCriterios] = useState({ diasSemPedido: 30, minimoPedidos: 2 });
  const [campanha, setCampanha] = useState({ nome: '', cupom: null as string | null, janelaDias: 7, mensagem: t('recuperador.mensagemPadrao'), modeloNome: '', modeloIdioma: '', parametrosModelo: '' });
  const [detalhe, setDetalhe] = useState<string | null>(null);
  const buscar = useMutation({ mutationFn: () => whatsAppApi.clientesParados(criterios), onError: erro });
  const cupons = useQuery({
    queryKey: ['recuperador', 'cupons'],
    queryFn: async ({ signal }) => {
      const { registros } = await resourceApi('voucherECupomDesconto').list({ filtro: { lixo: false, ativo: true }, sort: { codigo: 1 }, limit: 200, skip: 0 }, signal);
      return (registros as unknown as { _id: string; codigo: string; descricao: string }[]).map((r) => ({ value: r._id, label: r.descricao ? `${r.codigo} — ${r.descricao}` : r.codigo }));
    },
  });
  const campanhas = useQuery({ queryKey: ['recuperador', 'campanhas'], queryFn: ({ signal }) => whatsAppApi.campanhas(signal), refetchInterval: 30_000 });
  const enviar = useMutation({
    mutationFn: () => whatsAppApi.enviarCampanha({ ...criterios, ...campanha }),
    onSuccess: (r) => {
      notifications.show({ message: t('recuperador.enviada', { count: r.alcancados }) });
      void cliente.invalidateQueries({ queryKey: ['recuperador', 'campanhas'] });
    },
    onError: erro,
  });
  const achados: ClienteParado[] = buscar.data?.clientes ?? [];
  return (
    <PaginaRelatorio testid="recuperador-de-venda" titulo={t('recuperador.titulo')} explicacao={t('recuperador.explicacao')}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <TituloSecao>{t('recuperador.criterios')}</TituloSecao>
          <Group align="flex-end">
            <NumberInput label={t('recuperador.diasSemPedido')} value={criterios.diasSemPedido} onChange={(v) => setCriterios({ ...criterios, diasSemPedido: Number(v) || 0 })} min={7} max={730} allowDecimal={false} w={200} data-testid="rec-dias" />
            <NumberInput label={t('recuperador.minimoPedidos')} value={criterios.minimoPedidos} onChange={(v) => setCriterios({ ...criterios, minimoPedidos: Number(v) || 0 })} min={1} max={1000} allowDecimal={false} w={200} data-testid="rec-minimo" />
            <Button onClick={() => buscar.mutate()} loading={buscar.isPending} data-testid="rec-buscar">
              {t('recuperador.buscar')}
            </Button>
          </Group>
          {buscar.data && (
            <Text size="sm" data-testid="rec-encontrados">
              {achados.length ? t('recuperador.encontrados', { count: achados.length, comTelefone: buscar.data.comTelefone }) : t('recuperador.nenhum')}
            </Text>
          )}
          {achados.length > 0 && (
            <Table.ScrollContainer minWidth={640} mah={320}>
              <Table striped data-testid="rec-clientes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('recuperador.cliente')}</Table.Th>
                    <Table.Th>{t('recuperador.telefone')}</Table.Th>
                    <Table.Th ta="right">{t('recuperador.pedidos')}</Table.Th>
                    <Table.Th ta="right">{t('recuperador.receita')}</Table.Th>
                    <Table.Th>{t('recuperador.ultimoPedido')}</Table.Th>
                    <Table.Th ta="right">{t('recuperador.dias')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {achados.map((c) => (
                    <Table.Tr key={c.cliente}>
                      <Table.Td>{c.nome}</Table.Td>
                      <Table.Td>{c.numero ? formatarNumeroWhatsApp(c.numero) : <Text c="dimmed">{t('recuperador.semTelefone')}</Text>}</Table.Td>
                      <Table.Td ta="right">{c.pedidos}</Table.Td>
                      <Table.Td ta="right">{reais(c.receita)}</Table.Td>
                      <Table.Td>{data(c.ultimoPedidoEm)}</Table.Td>
                      <Table.Td ta="right">{c.diasSemPedido}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      {pode('recuperadorDeVenda', 'criar') && (
        <Paper withBorder p="md" radius="md">
          <form onSubmit={(e) => (e.preventDefault(), enviar.mutate())}>
            <Stack gap="sm">
              <TituloSecao>{t('recuperador.campanha')}</TituloSecao>
              <Group grow align="flex-start">
                <TextInput label={t('recuperador.nome')} value={campanha.nome} onChange={(e) => setCampanha({ ...campanha, nome: e.currentTarget.value })} maxLength={80} data-testid="rec-nome" />
                <Select label={t('recuperador.cupom')} description={t('recuperador.cupomAjuda')} data={cupons.data ?? []} value={campanha.cupom} onChange={(v) => setCampanha({ ...campanha, cupom: v })} searchable data-testid="rec-cupom" />
                <NumberInput label={t('recuperador.janela')} description={t('recuperador.janelaAjuda')} value={campanha.janelaDias} onChange={(v) => setCampanha({ ...campanha, janelaDias: Number(v) || 0 })} min={1} max={90} allowDecimal={false} />
              </Group>
              <Textarea label={t('recuperador.mensagem')} description={t('recuperador.mensagemAjuda')} value={campanha.mensagem} onChange={(e) => setCampanha({ ...campanha, mensagem: e.currentTarget.value })} autosize minRows={2} maxLength={1000} data-testid="rec-mensagem" />
              <ModeloForaDaJanela
                valor={campanha}
                onChange={(v) => setCampanha({ ...campanha, ...v })}
                variaveis={VARIAVEIS_RECUPERADOR}
                padroes={['{nome}', '{cupom}']}
                ajuda={t('recuperador.modeloAjuda')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={enviar.isPending} disabled={!buscar.data?.comTelefone || !campanha.cupom || !campanha.nome.trim()} data-testid="rec-enviar">
                  {t('recuperador.enviar', { count: buscar.data?.comTelefone ?? 0 })}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <TituloSecao>{t('recuperador.campanhas')}</TituloSecao>
          {campanhas.isError && <Alert color="red">{campanhas.error.message}</Alert>}
          {campanhas.data?.length === 0 && <Text c="dimmed">{t('recuperador.semCampanhas')}</Text>}
          {!!campanhas.data?.length && (
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover data-testid="rec-campanhas">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('recuperador.nome')}</Table.Th>
                    <Table.Th>{t('recuperador.cupom')}</Table.Th>
                    <Table.Th>{t('recuperador.enviadaEm')}</Table.Th>
                    <Table.Th>{t('recuperador.ate')}</Table.Th>
                    <Table.Th ta="right">{t('recuperador.alcancados')}</Table.Th>
                    <Table.Th ta="right">{t('recuperador.voltaram')}</Table.Th>
                    <Table.Th ta="right">{t('recuperador.pedidosComCupom')}</Table.Th>
                    <Table.Th ta="right">{t('recuperador.receitaRecuperada')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {campanhas.data.map((c) => (
                    <Table.Tr key={c._id} onClick={() => setDetalhe(c._id)} style={{ cursor: 'pointer' }} data-testid="rec-campanha">
                      <Table.Td>{c.nome}</Table.Td>
                      <Table.Td>{c.cupom}</Table.Td>
                      <Table.Td>{data(c.enviadaEm)}</Table.Td>
                      <Table.Td>{data(c.terminaEm)}</Table.Td>
                      <Table.Td ta="right">{c.resultado.alcancados}</Table.Td>
                      <Table.Td ta="right">{c.resultado.voltaram}</Table.Td>
                      <Table.Td ta="right">
                        {c.resultado.pedidos} ({c.resultado.pedidosComCupom})
                      </Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {reais(c.resultado.receita)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      {detalhe && <Detalhe id={detalhe} aoFechar={() => setDetalhe(null)} />}
    </PaginaRelatorio>
  );
}
