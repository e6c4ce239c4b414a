import '../../qrCode/MesaQrPage.css';
import './DeliveryPage.css';
import { Alert, Badge, Button, Container, Divider, Drawer, Group, Loader, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { reais, siglasUf, taxaEntregaDoCep, type EnderecoEntrega, type PagamentoNaEntrega } from '@retaguarda/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { MaskedInput } from '../../../forms/MaskedInput.tsx';
import { MASCARAS } from '../../../forms/masks.ts';
import { i18next, LANGUAGE } from '../../../i18n/index.ts';
import { textosDeliveryPagina } from '../../../i18n/deliveryPagina.ts';
import { textosQrMesa } from '../../../i18n/qrMesa.ts';
import { CardapioSecoes } from '../../qrCode/CardapioSecoes.tsx';
import { ClienteQr } from '../../qrCode/ClienteQr.tsx';
import { EscolhaDoItem, LinhasDoCarrinho } from '../../qrCode/LinhasDoCarrinho.tsx';
import { FalhaQr, type ClienteDaPagina } from '../../qrCode/mesaQrApi.ts';
import { deliveryPaginaApi, paginaDelivery, type CardapioDelivery } from './deliveryPaginaApi.ts';
import { BarraDoPedido } from '../../qrCode/BarraDoPedido.tsx';
import { useCarrinho } from '../../qrCode/useCarrinho.ts';

// The page's texts come with it (and the table page's, whose menu, cart and sign-in it shares).
i18next.addResourceBundle(LANGUAGE, 'translation', textosQrMesa, true, true);
i18next.addResourceBundle(LANGUAGE, 'translation', textosDeliveryPagina, true, true);

/** The last address typed on this phone, offered again (the customer's own device; nothing leaves it). */
const CHAVE_ENDERECO = 'retaguarda.delivery.endereco';
const enderecoVazio: EnderecoEntrega = { cep: '', logradouro: '', numero: '', complemento: null, bairro: '', uf: 'SP', cidade: '', referencia: null };
function enderecoGuardado(): EnderecoEntrega {
  try {
    return { ...enderecoVazio, ...(JSON.parse(localStorage.getItem(CHAVE_ENDERECO) ?? '{}') as Partial<EnderecoEntrega>) };
  } catch {
    return enderecoVazio;
  }
}

/** Reais typed by the customer ("50" or "50,00") as centavos, or null. */
function centavosDe(texto: string): number | null {
  const m = /^(\d{1,6})(?:,(\d{1,2}))?$/.exec(texto.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
}

/** The store's own delivery page (/d/<token>): menu, cart, sign-in by code (required to order), address, payment, order. */
export function DeliveryPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const navegar = useNavigate();
  const [dados, setDados] = useState<CardapioDelivery | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  // Delivery has no service charge: its fee comes from the address.
  const carrinho = useCarrinho(dados?.secoes, '0');
  const [aberto, setAberto] = useState(false);
  const [cliente, setCliente] = useState<ClienteDaPagina | null>(null);
  const [endereco, setEndereco] = useState<EnderecoEntrega>(enderecoGuardado);
  const [pagamento, setPagamento] = useState<PagamentoNaEntrega | null>(null);
  const [troco, setTroco] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);

  const carregar = useCallback(async () => {
    try {
      const d = await deliveryPaginaApi.cardapio(token);
      setDados(d);
      setPagamento((p) => p ?? d.pagamentos[0] ?? null);
    } catch (e) {
      setErro(e instanceof FalhaQr && e.status === 404 ? t('deliveryPagina.naoEncontrada') : (e as Error).message);
    }
  }, [token, t]);
  useEffect(() => void carregar(), [carregar]);
  useEffect(() => {
    if (dados) document.title = `${dados.loja} · Delivery`;
  }, [dados]);

  const conta = carrinho.conta;
  const cepCompleto = endereco.cep.length === 8;
  const taxa = dados && cepCompleto ? taxaEntregaDoCep(dados, endereco.cep) : null;
  const menorTaxa = dados ? Math.min(dados.taxaEntrega, ...dados.faixasCep.map((f) => f.taxa)) : 0;
  const faltam = dados && conta ? Math.max(0, dados.pedidoMinimo - conta.subtotal) : 0;
  const campo = (c: keyof EnderecoEntrega) => (v: string) => setEndereco((e) => ({ ...e, [c]: v }));
  const aoMudarCliente = useCallback((e: ClienteDaPagina | null) => setCliente(e), []);

  const enviar = async () => {
    if (!pagamento) return;
    setEnviando(true);
    setAviso(null);
    try {
      const corpo = { ...carrinho.pedido(), endereco: { ...endereco, complemento: endereco.complemento || null, referencia: endereco.referencia || null }, pagamento, trocoPara: pagamento === 'Dinheiro' ? centavosDe(troco) : null };
      const r = await deliveryPaginaApi.pedir(token, corpo);
      localStorage.setItem(CHAVE_ENDERECO, JSON.stringify(corpo.endereco));
      void navegar(`/d/${encodeURIComponent(token)}/pedido/${encodeURIComponent(r.pedido.id)}`);
    } catch (e) {
      // Refused (4xx): the customer changes something before trying again, so a new id; a lost connection keeps it.
      if (e instanceof FalhaQr && e.status >= 400 && e.status < 500) carrinho.recusado();
      setAviso(t('deliveryPagina.falha', { mensagem: (e as Error).message }));
      void carregar();
    } finally {
      setEnviando(false);
    }
  };

  if (erro) return <Container size="xs" py="xl"><Alert color="red">{erro}</Alert></Container>;
  if (!dados) return <Container size="xs" py="xl"><Group><Loader size="sm" /><Text>{t('deliveryPagina.carregando')}</Text></Group></Container>;
  const logado = !!cliente?.cliente;
  const pronto = logado && !dados.fechada && !!carrinho.linhas.length && !!pagamento && faltam === 0 && cepCompleto && !!endereco.logradouro.trim() && !!endereco.numero.trim() && !!endereco.bairro.trim() && !!endereco.cidade.trim();
  return (
    <Container size="sm" px="sm" pt="md" pb={96}>
      <Title order={3}>{dados.loja}</Title>
      <Group gap="xs" mt={4}>
        {dados.fechada ? <Badge color="gray">{t('deliveryPagina.fechada')}</Badge> : <Badge color="teal">{t('deliveryPagina.aberta', { minutos: dados.tempoEstimado })}</Badge>}
        <Text size="sm" c="dimmed">{t('deliveryPagina.regras', { minimo: reais(dados.pedidoMinimo), taxa: reais(menorTaxa) })}</Text>
      </Group>
      {dados.fechada && <Alert color="yellow" mt="sm" data-testid="delivery-fechada">{dados.fechada}</Alert>}
      <ClienteQr pagina={paginaDelivery(token)} convite={t('deliveryPagina.entrarConvite')} aoMudar={aoMudarCliente} />
      <CardapioSecoes secoes={dados.secoes} aceita={!dados.fechada} aoEscolher={carrinho.escolher} />
      <EscolhaDoItem carrinho={carrinho} />
      <BarraDoPedido unidades={carrinho.unidades} valor={conta ? conta.subtotal : null} largura="sm" aoAbrir={() => setAberto(true)} />
      <Drawer opened={aberto} onClose={() => setAberto(false)} position="bottom" size="100%" title={t('qrMesa.seuPedido')}>
        <Container size="sm" px={0}>
          <Stack gap="xs">
            <LinhasDoCarrinho carrinho={carrinho} />
            <Divider my="xs" label={t('deliveryPagina.endereco')} labelPosition="left" />
            <Group grow align="flex-start">
              <MaskedInput label={t('deliveryPagina.cep')} mascara={MASCARAS.cep} inputMode="numeric" autoComplete="postal-code" valor={endereco.cep} onValor={campo('cep')} data-testid="delivery-cep" />
              <NativeSelect label={t('deliveryPagina.uf')} data={[...siglasUf]} value={endereco.uf} onChange={(e) => campo('uf')(e.currentTarget.value)} />
            </Group>
            <TextInput label={t('deliveryPagina.rua')} autoComplete="address-line1" value={endereco.logradouro} onChange={(e) => campo('logradouro')(e.currentTarget.value)} maxLength={100} data-testid="delivery-rua" />
            <Group grow align="flex-start">
              <TextInput label={t('deliveryPagina.numero')} value={endereco.numero} onChange={(e) => campo('numero')(e.currentTarget.value)} maxLength={10} data-testid="delivery-numero" />
              <TextInput label={t('deliveryPagina.complemento')} autoComplete="address-line2" value={endereco.complemento ?? ''} onChange={(e) => campo('complemento')(e.currentTarget.value)} maxLength={60} />
            </Group>
            <Group grow align="flex-start">
              <TextInput label={t('deliveryPagina.bairro')} value={endereco.bairro} onChange={(e) => campo('bairro')(e.currentTarget.value)} maxLength={60} data-testid="delivery-bairro" />
              <TextInput label={t('deliveryPagina.cidade')} autoComplete="address-level2" value={endereco.cidade} onChange={(e) => campo('cidade')(e.currentTarget.value)} maxLength={60} data-testid="delivery-cidade" />
            </Group>
            <TextInput label={t('deliveryPagina.referencia')} value={endereco.referencia ?? ''} onChange={(e) => campo('referencia')(e.currentTarget.value)} maxLength={100} />
            <Radio.Group label={t('deliveryPagina.pagamento')} value={pagamento} onChange={(v) => setPagamento(v as PagamentoNaEntrega)} mt="xs">
              <Group gap="md" mt={4}>
                {dados.pagamentos.map((p) => <Radio key={p} value={p} label={p} />)}
              </Group>
            </Radio.Group>
            {pagamento === 'Dinheiro' && <TextInput label={t('deliveryPagina.trocoPara')} description={t('deliveryPagina.trocoAjuda')} inputMode="decimal" value={troco} onChange={(e) => setTroco(e.currentTarget.value)} maxLength={9} data-testid="delivery-troco" />}
            {conta && (
              <Stack gap={2} mt="sm">
                <Group justify="space-between"><Text size="sm">{t('qrMesa.subtotal')}</Text><Text size="sm">{reais(conta.subtotal)}</Text></Group>
                <Group justify="space-between"><Text size="sm">{taxa === null ? t('deliveryPagina.taxaEntrega') : t('deliveryPagina.taxaDoCep')}</Text><Text size="sm">{taxa === null ? '—' : reais(taxa)}</Text></Group>
                <Group justify="space-between"><Text fw={700}>{t('qrMesa.total')}</Text><Text fw={700} data-testid="delivery-total">{reais(conta.subtotal + (taxa ?? 0))}</Text></Group>
              </Stack>
            )}
            {faltam > 0 && <Alert color="yellow" data-testid="delivery-minimo">{t('deliveryPagina.faltamMinimo', { valor: reais(faltam), minimo: reais(dados.pedidoMinimo) })}</Alert>}
            {!logado && <Alert color="blue">{t('deliveryPagina.entrarAntes')}</Alert>}
            {aviso && <Alert color="red" data-testid="delivery-aviso">{aviso}</Alert>}
            <Button size="md" mt="sm" loading={enviando} disabled={!pronto} onClick={() => void enviar()} data-testid="delivery-confirmar">{t('deliveryPagina.confirmar')}</Button>
          </Stack>
        </Container>
      </Drawer>
    </Container>
  );
}
