import '../../qrCode/MesaQrPage.css';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { reais, valorDe } from '@retaguarda/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { i18next, LANGUAGE } from '../../../i18n/index.ts';
import { textosDeliveryPagina } from '../../../i18n/deliveryPagina.ts';
import { FalhaQr } from '../../qrCode/mesaQrApi.ts';
import { deliveryPaginaApi, type SituacaoParaCliente, type StatusPedidoDelivery } from './deliveryPaginaApi.ts';

i18next.addResourceBundle(LANGUAGE, 'translation', textosDeliveryPagina, true, true);

const cor: Record<SituacaoParaCliente, string> = { 'Aguardando a loja': 'yellow', 'Em preparo': 'blue', Pronto: 'teal', 'Saiu para entrega': 'green', Recusado: 'red', Cancelado: 'red' };
const hora = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
const dataHora = (iso: string) => new Date(iso).toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** The kitchen and the dispatch move it: read again every 20 seconds while the page is open (and on Atualizar). */
const INTERVALO_MS = 20_000;

/** The customer's order (/d/<token>/pedido/<id>): where it is, what it has, where it goes; reloadable while the sign-in lasts. */
export function PedidoDeliveryPage() {
  const { t } = useTranslation();
  const { token = '', id = '' } = useParams();
  const [pedido, setPedido] = useState<StatusPedidoDelivery | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const carregar = useCallback(async () => {
    try {
      setPedido(await deliveryPaginaApi.pedido(token, id));
      setErro(null);
    } catch (e) {
      setErro(e instanceof FalhaQr && e.status === 401 ? t('deliveryPagina.entreParaVer') : (e as Error).message);
    }
  }, [token, id, t]);
  useEffect(() => {
    void carregar();
    const timer = setInterval(() => void carregar(), INTERVALO_MS);
    return () => clearInterval(timer);
  }, [carregar]);
  const voltar = `/d/${encodeURIComponent(token)}`;

  if (erro && !pedido) return <Container size="xs" py="xl"><Stack><Alert color="red">{erro}</Alert><Anchor component={Link} to={voltar}>{t('deliveryPagina.novoPedido')}</Anchor></Stack></Container>;
  if (!pedido) return <Container size="xs" py="xl"><Group><Loader size="sm" /></Group></Container>;
  const e = pedido.endereco;
  return (
    <Container size="xs" px="sm" py="md">
      <Text c="dimmed" size="sm">{t('deliveryPagina.acompanhe')}</Text>
      <Title order={3}>{t('deliveryPagina.pedido', { codigo: pedido.codigo })}</Title>
      <Text size="sm" c="dimmed">{t('deliveryPagina.feitoEm', { quando: dataHora(pedido.criadoEm) })}</Text>
      <Card withBorder mt="md" padding="md">
        <Stack gap={6}>
          <Badge size="lg" color={cor[pedido.situacao]} data-testid="delivery-situacao">{t(`deliveryPagina.situacao.${pedido.situacao}`)}</Badge>
          {pedido.motivo && <Text size="sm">{t('deliveryPagina.motivo', { motivo: pedido.motivo })}</Text>}
          {!['Recusado', 'Cancelado'].includes(pedido.situacao) && <Text size="sm">{t('deliveryPagina.previsao', { hora: hora(pedido.previstoPara) })}</Text>}
          <Button variant="light" size="xs" w="fit-content" onClick={() => void carregar()}>{t('deliveryPagina.atualizar')}</Button>
        </Stack>
      </Card>
      <Stack gap={4} mt="md">
        {pedido.itens.map((i, n) => (
          <Group key={n} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm">{Number(i.quantidade)} × {i.nome}</Text>
              {i.observacao && <Text size="xs" c="dimmed">{i.observacao}</Text>}
            </div>
            <Text size="sm">{reais(valorDe(i.quantidade, i.precoUnitario))}</Text>
          </Group>
        ))}
        <Group justify="space-between"><Text size="sm">{t('deliveryPagina.taxaEntrega')}</Text><Text size="sm">{reais(pedido.taxaEntrega)}</Text></Group>
        <Group justify="space-between"><Text fw={700}>{t('qrMesa.total')}</Text><Text fw={700} data-testid="delivery-total">{reais(pedido.total)}</Text></Group>
        <Text size="sm" mt="xs">{pedido.pagamento}{pedido.trocoPara ? ` · ${t('deliveryPagina.troco', { valor: reais(pedido.trocoPara) })}` : ''}</Text>
        <Text size="sm" c="dimmed">{`${e.logradouro}, ${e.numero}${e.complemento ? ` – ${e.complemento}` : ''} · ${e.bairro} · ${e.cidade}/${e.uf} · CEP ${e.cep.slice(0, 5)}-${e.cep.slice(5)}`}</Text>
      </Stack>
      <Anchor component={Link} to={voltar} mt="lg" display="block">{t('deliveryPagina.novoPedido')}</Anchor>
    </Container>
  );
}
