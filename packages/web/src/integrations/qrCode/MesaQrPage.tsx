import './MesaQrPage.css';
import { ActionIcon, Alert, Badge, Button, Card, Checkbox, Container, Drawer, Group, Loader, Modal, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { reais, type ItemVitrine } from '@retaguarda/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { i18next, LANGUAGE } from '../../i18n/index.ts';
import { textosQrMesa } from '../../i18n/qrMesa.ts';
import { ClienteQr } from './ClienteQr.tsx';
import { adicionar, mudarQuantidade, pedidoDo, precoComOpcoes, totais, type LinhaCarrinho } from './carrinhoQr.ts';
import { FalhaQr, mesaQrApi, type CardapioDaMesa } from './mesaQrApi.ts';

// The page's texts come with it: the back office's are never loaded here.
i18next.addResourceBundle(LANGUAGE, 'translation', textosQrMesa, true, true);

const percentualBr = (p: string) => p.replace(/\.?0+$/, '').replace('.', ',');
/** The order's id, made when the customer first taps Enviar and kept until it is accepted: a resend records it once. */
const novoId = () => (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, '');

/** Add an item: its option groups (respecting each one's minimum and maximum), quantity and a note. */
function Adicionar({ item, aoFechar, aoAdicionar }: { item: ItemVitrine; aoFechar: () => void; aoAdicionar: (l: Omit<LinhaCarrinho, 'chave'>) => void }) {
  const { t } = useTranslation();
  const [escolhidas, setEscolhidas] = useState<{ grupo: string; descricao: string }[]>([]);
  const [quantidade, setQuantidade] = useState(1);
  const [observacao, setObservacao] = useState('');
  const faltando = item.complementos.some((g) => escolhidas.filter((e) => e.grupo === g.nome).length < g.minimo);
  const alternar = (grupo: string, descricao: string, max: number) =>
    setEscolhidas((atual) => {
      if (atual.some((e) => e.grupo === grupo && e.descricao === descricao)) return atual.filter((e) => !(e.grupo === grupo && e.descricao === descricao));
      const doGrupo = atual.filter((e) => e.grupo === grupo);
      // A single choice swaps; otherwise stop at the maximum.
      if (max === 1) return [...atual.filter((e) => e.grupo !== grupo), { grupo, descricao }];
      return doGrupo.length >= max ? atual : [...atual, { grupo, descricao }];
    });
  return (
    <Modal opened onClose={aoFechar} title={item.descricao} fullScreen={false} centered>
      <Stack>
        {item.complementos.map((g) => (
          <Stack key={g.nome} gap={4}>
            <Group justify="space-between">
              <Text fw={600}>{g.nome}</Text>
              <Text size="xs" c="dimmed">
                {g.minimo > 0 ? `${t('qrMesa.obrigatorio')} · ${t('qrMesa.escolha', { min: g.minimo, max: g.maximo })}` : t('qrMesa.escolhaAte', { max: g.maximo })}
              </Text>
            </Group>
            {g.opcoes.map((o) => (
              <Checkbox
                key={o.descricao}
                disabled={!o.disponivel}
                checked={escolhidas.some((e) => e.grupo === g.nome && e.descricao === o.descricao)}
                onChange={() => alternar(g.nome, o.descricao, g.maximo)}
                label={`${o.descricao}${o.precoAdicional ? ` + ${reais(o.precoAdicional)}` : ''}${o.disponivel ? '' : ` (${t('qrMesa.esgotado')})`}`}
              />
            ))}
          </Stack>
        ))}
        <NumberInput label={t('qrMesa.quantidade')} value={quantidade} onChange={(v) => setQuantidade(Math.max(1, Math.min(50, Math.trunc(Number(v) || 1))))} min={1} max={50} allowDecimal={false} />
        <Textarea label={t('qrMesa.observacao')} placeholder={t('qrMesa.observacaoExemplo')} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value.slice(0, 140))} autosize minRows={1} data-testid="qr-observacao" />
        <Button disabled={faltando} onClick={() => aoAdicionar({ produto: item.produto, quantidade, complementos: escolhidas, observacao })} data-testid="qr-confirmar-item">
          {t('qrMesa.adicionarAoPedido', { valor: reais(precoComOpcoes(item, escolhidas) * quantidade) })}
        </Button>
      </Stack>
    </Modal>
  );
}

/** A table's page (/q/<token>): the menu, a cart with notes per item, the order sent to the kitchen, the waiter call. */
export function MesaQrPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [dados, setDados] = useState<CardapioDaMesa | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [carrinho, setCarrinho] = useState<LinhaCarrinho[]>([]);
  const [escolhendo, setEscolhendo] = useState<ItemVitrine | null>(null);
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [idPedido, setIdPedido] = useState<string | null>(null);
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

  const conta = useMemo(() => {
    try {
      return dados ? totais(dados.secoes, carrinho, dados.taxaServico) : null;
    } catch {
      // An item that ran out since it was added: the server names it when the order is sent.
      return null;
    }
  }, [dados, carrinho]);
  const nomeDe = (produto: string) => dados?.secoes.flatMap((s) => s.itens).find((i) => i.produto === produto)?.descricao ?? produto;
  const unidades = carrinho.reduce((s, l) => s + l.quantidade, 0);

  const enviar = async () => {
    const id = idPedido ?? novoId();
    setIdPedido(id);
    setEnviando(true);
    try {
      const r = await mesaQrApi.pedir(token, pedidoDo(id, carrinho));
      setCarrinho([]);
      setIdPedido(null);
      setAberto(false);
      setAviso({ cor: 'green', texto: t('qrMesa.enviado', { total: reais(r.pedido.total) }) });
    } catch (e) {
      // Refused (400/409): the cart changes before a new try, so a new id; a lost connection keeps it.
      if (e instanceof FalhaQr && e.status >= 400 && e.status < 500) setIdPedido(null);
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
      <ClienteQr token={token} />
      {aviso && <Alert color={aviso.cor} mt="sm" withCloseButton onClose={() => setAviso(null)} data-testid="qr-aviso">{aviso.texto}</Alert>}
      {!dados.aceitaPedidos && <Alert color="yellow" mt="sm">{t('qrMesa.naoAceita')}</Alert>}
      {dados.secoes.map((s) => (
        <Stack key={s.nome} gap="xs" mt="lg">
          <Title order={4}>{s.nome}</Title>
          {s.descricao && <Text size="sm" c="dimmed">{s.descricao}</Text>}
          {s.itens.map((i) => (
            <Card key={i.produto} withBorder padding="sm" opacity={i.disponivel ? 1 : 0.55} data-testid="qr-item">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={500}>{i.descricao}</Text>
                  <Text size="sm">{reais(i.preco)}</Text>
                </div>
                {i.disponivel ? (
                  <Button size="xs" disabled={!dados.aceitaPedidos} onClick={() => setEscolhendo(i)} aria-label={`${t('qrMesa.adicionar')} ${i.descricao}`}>{t('qrMesa.adicionar')}</Button>
                ) : (
                  <Badge color="gray">{i.motivoIndisponivel ?? t('qrMesa.esgotado')}</Badge>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      ))}
      {escolhendo && (
        <Adicionar
          item={escolhendo}
          aoFechar={() => setEscolhendo(null)}
          aoAdicionar={(l) => {
            setCarrinho((c) => adicionar(c, l));
            setIdPedido(null);
            setEscolhendo(null);
          }}
        />
      )}
      {unidades > 0 && (
        <div style={{ position: 'fixed', left: 0, right: 0, bottom: 0, padding: 12, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="xs" px={0}>
            <Button fullWidth size="md" onClick={() => setAberto(true)} data-testid="qr-ver-pedido">
              {t('qrMesa.verPedido', { count: unidades })}
              {conta ? ` · ${reais(conta.total)}` : ''}
            </Button>
          </Container>
        </div>
      )}
      <Drawer opened={aberto} onClose={() => setAberto(false)} position="bottom" size="auto" title={t('qrMesa.seuPedido')}>
        <Stack gap="xs">
          {!carrinho.length && <Text c="dimmed">{t('qrMesa.vazio')}</Text>}
          {carrinho.map((l) => (
            <Group key={l.chave} justify="space-between" wrap="nowrap" data-testid="qr-linha">
              <div>
                <Text fw={500}>{nomeDe(l.produto)}</Text>
                {l.complementos.length > 0 && <Text size="xs" c="dimmed">{l.complementos.map((c) => c.descricao).join(', ')}</Text>}
                {l.observacao && <Text size="xs" c="dimmed">{l.observacao}</Text>}
              </div>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="default" onClick={() => setCarrinho((c) => mudarQuantidade(c, l.chave, -1))} aria-label={t('qrMesa.menos')}>−</ActionIcon>
                <Text w={24} ta="center">{l.quantidade}</Text>
                <ActionIcon variant="default" onClick={() => setCarrinho((c) => mudarQuantidade(c, l.chave, 1))} aria-label={t('qrMesa.mais')}>+</ActionIcon>
              </Group>
            </Group>
          ))}
          {conta && (
            <Stack gap={2} mt="sm">
              <Group justify="space-between"><Text size="sm">{t('qrMesa.subtotal')}</Text><Text size="sm">{reais(conta.subtotal)}</Text></Group>
              <Group justify="space-between"><Text size="sm">{t('qrMesa.taxaServico', { percentual: percentualBr(dados.taxaServico) })}</Text><Text size="sm">{reais(conta.taxaServico)}</Text></Group>
              <Group justify="space-between"><Text fw={700}>{t('qrMesa.total')}</Text><Text fw={700} data-testid="qr-total">{reais(conta.total)}</Text></Group>
            </Stack>
          )}
          <Button size="md" mt="sm" loading={enviando} disabled={!carrinho.length || !dados.aceitaPedidos} onClick={() => void enviar()} data-testid="qr-enviar">{t('qrMesa.enviar')}</Button>
        </Stack>
      </Drawer>
    </Container>
  );
}
