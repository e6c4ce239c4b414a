import './MesaQrPage.css';
import { Alert, Button, Container, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { reais } from '@retaguarda/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { i18next, LANGUAGE } from '../../i18n/index.ts';
import { textosQrMesa } from '../../i18n/qrMesa.ts';
import { CardapioSecoes } from './CardapioSecoes.tsx';
import { ClienteQr } from './ClienteQr.tsx';
import { EscolhaDoItem, LinhasDoCarrinho } from './LinhasDoCarrinho.tsx';
import { FalhaQr, mesaQrApi, type CardapioDaMesa } from './mesaQrApi.ts';
import { BarraDoPedido } from './BarraDoPedido.tsx';
import { useCarrinho } from './useCarrinho.ts';

// The page's texts come with it: the back office's are never loaded here.
i18next.addResourceBundle(LANGUAGE, 'translation', textosQrMesa, true, true);

const percentualBr = (p: string) => p.replace(/\.?0+$/, '').replace('.', ',');

/** A table's page (/q/<token>): the menu, a cart with notes per item, the order sent to the kitchen, the waiter call. */
export function MesaQrPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [dados, setDados] = useState<CardapioDaMesa | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const carrinho = useCarrinho(dados?.secoes, dados?.taxaServico ?? '0');
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [aviso, setAviso] = useState<{ cor: string; texto: string } | null>(null);

  const carregar = useCallback(async () => {
    try {
      setDados(await mesaQrApi.cardapio(token));
    } catch (e) {
      setErro(e instanceof FalhaQr && e.status === 404 ? t('qrMesa.naoEncontrada') : (e as Error).message);
    }
  }, [token, t]);
  useEffect(() => void carregar(), [carregar]);
  useEffect(() => {
    if (dados) document.title = `${dados.loja} · ${dados.mesa.nome}`;
  }, [dados]);

  const conta = carrinho.conta;

  const enviar = async () => {
    setEnviando(true);
    try {
      const r = await mesaQrApi.pedir(token, carrinho.pedido());
      carrinho.esvaziar();
      setAberto(false);
      setAviso({ cor: 'green', texto: t('qrMesa.enviado', { total: reais(r.pedido.total) }) });
    } catch (e) {
      // Refused (400/409): the cart changes before a new try, so a new id; a lost connection keeps it.
      if (e instanceof FalhaQr && e.status >= 400 && e.status < 500) carrinho.recusado();
      setAviso({ cor: 'red', texto: t('qrMesa.falha', { mensagem: (e as Error).message }) });
      void carregar();
    } finally {
      setEnviando(false);
    }
  };
  const chamar = async () => {
    try {
      await mesaQrApi.chamarGarcom(token);
      setAviso({ cor: 'blue', texto: t('qrMesa.garcomChamado') });
    } catch (e) {
      setAviso({ cor: 'red', texto: t('qrMesa.falha', { mensagem: (e as Error).message }) });
    }
  };

  if (erro) return <Container size="xs" py="xl"><Alert color="red">{erro}</Alert></Container>;
  if (!dados) return <Container size="xs" py="xl"><Group><Loader size="sm" /><Text>{t('qrMesa.carregando')}</Text></Group></Container>;
  return (
    <Container size="xs" px="sm" pt="md" pb={96}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={4}>{dados.loja}</Title>
          <Text c="dimmed" size="sm" data-testid="qr-mesa">{[dados.mesa.nome, dados.mesa.area].filter(Boolean).join(' · ')}</Text>
        </div>
        <Button variant="light" size="xs" style={{ flexShrink: 0 }} onClick={() => void chamar()} data-testid="qr-chamar-garcom">{t('qrMesa.chamarGarcom')}</Button>
      </Group>
      <ClienteQr pagina={encodeURIComponent(token)} />
      {aviso && <Alert color={aviso.cor} mt="sm" withCloseButton onClose={() => setAviso(null)} data-testid="qr-aviso">{aviso.texto}</Alert>}
      {!dados.aceitaPedidos && <Alert color="yellow" mt="sm">{t('qrMesa.naoAceita')}</Alert>}
      <CardapioSecoes secoes={dados.secoes} aceita={dados.aceitaPedidos} aoEscolher={carrinho.escolher} />
      <EscolhaDoItem carrinho={carrinho} />
      <BarraDoPedido unidades={carrinho.unidades} valor={conta ? conta.total : null} largura="xs" aoAbrir={() => setAberto(true)} />
      <Drawer opened={aberto} onClose={() => setAberto(false)} position="bottom" size="auto" title={t('qrMesa.seuPedido')}>
        <Stack gap="xs">
          <LinhasDoCarrinho carrinho={carrinho} />
          {conta && (
            <Stack gap={2} mt="sm">
              <Group justify="space-between"><Text size="sm">{t('qrMesa.subtotal')}</Text><Text size="sm">{reais(conta.subtotal)}</Text></Group>
              <Group justify="space-between"><Text size="sm">{t('qrMesa.taxaServico', { percentual: percentualBr(dados.taxaServico) })}</Text><Text size="sm">{reais(conta.taxaServico)}</Text></Group>
              <Group justify="space-between"><Text fw={700}>{t('qrMesa.total')}</Text><Text fw={700} data-testid="qr-total">{reais(conta.total)}</Text></Group>
            </Stack>
          )}
          <Button size="md" mt="sm" loading={enviando} disabled={!carrinho.linhas.length || !dados.aceitaPedidos} onClick={() => void enviar()} data-testid="qr-enviar">{t('qrMesa.enviar')}</Button>
        </Stack>
      </Drawer>
    </Container>
  );
}
