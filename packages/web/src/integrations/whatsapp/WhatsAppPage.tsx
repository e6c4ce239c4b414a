import { Accordion, Alert, Badge, Box, Button, CloseButton, FileButton, Grid, Group, Paper, PasswordInput, ScrollArea, SegmentedControl, Stack, Switch, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { ArquivoDaMensagem } from './ArquivoDaMensagem.tsx';
import { EnvioModelo } from './EnvioModelo.tsx';
import { ModelosAprovadosSecao } from './ModelosAprovados.tsx';
import type { JanelaWhatsApp } from '@retaguarda/domain';
import { whatsAppApi, type Conexao, type Mensagem, type SituacaoConversa } from './whatsAppApi.ts';

const erro = (e: unknown) => notifications.show({ color: 'red', message: e instanceof Error ? e.message : String(e) });
const COR_CONVERSA: Record<SituacaoConversa, string> = { aberta: 'orange', aguardando: 'blue', encerrada: 'gray' };
const COR_MENSAGEM: Record<string, string> = { recebida: 'gray', pendente: 'yellow', enviada: 'blue', entregue: 'teal', lida: 'green', falhou: 'red' };
const hora = (iso: string) => dataHora(iso).slice(11);
const MB = 1024 * 1024;
/** The reply box's files, as the server takes them (whatsapp/midia.ts): checked here first to say it sooner. */
const LIMITE_ANEXO: Record<string, number> = { 'image/jpeg': 5 * MB, 'image/png': 5 * MB, 'application/pdf': 10 * MB };

/** The connection's status as the last sends tell it: connected and working, connected but failing, off, or never set. */
function SituacaoConexao({ conexao }: { conexao: Conexao }) {
  const { t } = useTranslation();
  if (!conexao.configurada) return <Badge color="red" data-testid="wa-conexao-situacao">{t('whatsApp.naoConectado')}</Badge>;
  if (!conexao.ativo) return <Badge color="gray" data-testid="wa-conexao-situacao">{t('whatsApp.inativo')}</Badge>;
  const e = conexao.envios;
  if (e.estado === 'falhando')
    return (
      <Badge color="orange" data-testid="wa-conexao-situacao">
        {t('whatsApp.conectadoFalhando')}
      </Badge>
    );
  return (
    <Badge color="green" data-testid="wa-conexao-situacao">
      {e.estado === 'semEnvios' ? t('whatsApp.conectadoSemEnvios') : t('whatsApp.conectado')}
    </Badge>
  );
}

/** Under the status: the last failure's reason and time, and the last accepted send, while the sends fail. */
function EnviosFalhando({ conexao }: { conexao: Conexao }) {
  const { t } = useTranslation();
  const e = conexao.envios;
  if (!conexao.configurada || !conexao.ativo || e.estado !== 'falhando') return null;
  return (
    <Alert color="orange" data-testid="wa-envios-falhando">
      <Text size="sm">{t('whatsApp.enviosFalhando', { count: e.falhasDesdeSucesso, em: e.ultimaFalhaEm ? dataHora(e.ultimaFalhaEm) : '', erro: e.ultimoErro ?? '' })}</Text>
      {/* Not dimmed: on the orange notice, dimmed text falls under the contrast a reader needs. */}
      <Text size="sm">
        {e.ultimoSucessoEm ? t('whatsApp.ultimoSucesso', { em: dataHora(e.ultimoSucessoEm) }) : t('whatsApp.nuncaAceito')}
      </Text>
    </Alert>
  );
}

function ConexaoSecao({ conexao, pode }: { conexao: Conexao; pode: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const vazio = { phoneNumberId: '', wabaId: '', numeroExibicao: '', apiUrl: '', accessToken: '', appSecret: '', verifyToken: '', ativo: true };
  const [v, setV] = useState(vazio);
  useEffect(() => setV({ ...vazio, phoneNumberId: conexao.phoneNumberId ?? '', wabaId: conexao.wabaId ?? '', numeroExibicao: conexao.numeroExibicao ?? '', apiUrl: conexao.apiUrl ?? '', ativo: conexao.configurada ? conexao.ativo : true }), [conexao]);
  const salvar = useMutation({
    mutationFn: () => whatsAppApi.salvarConexao({ ...v, wabaId: v.wabaId || null, apiUrl: v.apiUrl || null, accessToken: v.accessToken || null, appSecret: v.appSecret || null, verifyToken: v.verifyToken || null }),
    onSuccess: () => {
      notifications.show({ message: t('whatsApp.salvo') });
      void cliente.invalidateQueries({ queryKey: ['whatsApp'] });
    },
    onError: erro,
  });
  const segredo = conexao.configurada ? t('whatsApp.segredoDefinido') : undefined;
  const campo = (nome: keyof typeof v) => ({ value: String(v[nome]), onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [nome]: e.currentTarget.value }), disabled: !pode });
  return (
    <Accordion variant="separated" defaultValue={conexao.configurada ? null : 'conexao'}>
      <Accordion.Item value="conexao">
        <Accordion.Control data-testid="wa-conexao-abrir">
          <Group gap="sm">
            <Text fw={600}>{t('whatsApp.conexao')}</Text>
            <SituacaoConexao conexao={conexao} />
            {conexao.numeroExibicao && <Text c="dimmed">{conexao.numeroExibicao}</Text>}
          </Group>
        </Accordion.Control>
        <Accordion.Panel>
          <form onSubmit={(e) => (e.preventDefault(), salvar.mutate())}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('whatsApp.conexaoAjuda')}
              </Text>
              <Group grow align="flex-start">
                <TextInput label={t('whatsApp.phoneNumberId')} {...campo('phoneNumberId')} data-testid="wa-phone-number-id" />
                <TextInput label={t('whatsApp.wabaId')} description={t('whatsApp.wabaIdAjuda')} {...campo('wabaId')} data-testid="wa-waba-id" />
                <TextInput label={t('whatsApp.numeroExibicao')} {...campo('numeroExibicao')} data-testid="wa-numero" />
                <TextInput label={t('whatsApp.apiUrl')} description={t('whatsApp.apiUrlAjuda', { padrao: conexao.apiUrlPadrao })} {...campo('apiUrl')} />
              </Group>
              <Group grow align="flex-start">
                <PasswordInput label={t('whatsApp.accessToken')} placeholder={segredo} {...campo('accessToken')} data-testid="wa-token" />
                <PasswordInput label={t('whatsApp.appSecret')} placeholder={segredo} {...campo('appSecret')} data-testid="wa-app-secret" />
                <PasswordInput label={t('whatsApp.verifyToken')} placeholder={segredo} {...campo('verifyToken')} data-testid="wa-verify-token" />
              </Group>
              <Group>
                <Switch label={t('whatsApp.ativo')} checked={v.ativo} onChange={(e) => setV({ ...v, ativo: e.currentTarget.checked })} disabled={!pode} />
                <Text size="sm" c="dimmed">
                  {t('whatsApp.webhook', { url: conexao.webhook })}
                </Text>
                <Button type="submit" ml="auto" loading={salvar.isPending} disabled={!pode} data-testid="wa-conexao-salvar">
                  {t('whatsApp.salvar')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Accordion.Panel>
      </Accordion.Item>
      {conexao.configurada && <ModelosAprovadosSecao pode={pode} />}
    </Accordion>
  );
}

/** Tentar de novo only where it can work: a text or a file within the 24-hour window, a template always. */
function Balao({ m, pode, janelaAberta }: { m: Mensagem; pode: boolean; janelaAberta: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const tentar = useMutation({ mutationFn: () => whatsAppApi.tentar(m._id), onSettled: () => void cliente.invalidateQueries({ queryKey: ['whatsApp'] }), onError: erro });
  const nossa = m.direcao === 'saida';
  return (
    <Group justify={nossa ? 'flex-end' : 'flex-start'} data-testid="wa-mensagem">
      <Paper p="xs" radius="md" maw="75%" withBorder bg={nossa ? 'var(--mantine-color-green-light)' : undefined}>
        <ArquivoDaMensagem m={m} />
        {/* A file's own label ('[documento] x.pdf') is what the link already says: only a caption is shown. */}
        {!(m.midia && m.texto.startsWith('[')) && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {m.texto}
          </Text>
        )}
        <Group gap={6} justify="flex-end" mt={4}>
          {m.origem !== 'cliente' && m.origem !== 'manual' && (
            <Text size="xs" c="dimmed">
              {t(`whatsApp.origem.${m.origem}`, { defaultValue: m.origem })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {dataHora(m.em)}
          </Text>
          {nossa && (
            <Badge size="xs" variant="light" color={COR_MENSAGEM[m.situacao]} data-testid="wa-mensagem-situacao">
              {t(`whatsApp.situacaoMensagem.${m.situacao}`)}
            </Badge>
          )}
        </Group>
        {nossa && m.situacao === 'pendente' && m.tentativas > 0 && m.proximaTentativaEm && (
          <Text size="xs" c="dimmed">
            {t('whatsApp.proximaTentativa', { n: m.tentativas, hora: hora(m.proximaTentativaEm) })}
          </Text>
        )}
        {m.erro && (m.situacao === 'pendente' || m.situacao === 'falhou') && (
          <Group gap="xs" mt={4}>
            <Text size="xs" c="red" data-testid="wa-mensagem-erro">
              {m.erro}
            </Text>
            {pode && (janelaAberta || m.tipo === 'modelo') && (
              <Button size="compact-xs" variant="light" onClick={() => tentar.mutate()} loading={tentar.isPending}>
                {t('whatsApp.tentarDeNovo')}
              </Button>
            )}
          </Group>
        )}
      </Paper>
    </Group>
  );
}

/** Meta's 24-hour window of the open conversation: until when free text goes, or why only a template may. */
function AvisoJanela({ janela }: { janela: JanelaWhatsApp }) {
  const { t } = useTranslation();
  if (janela.aberta)
    return (
      <Text size="xs" c="dimmed" data-testid="wa-janela">
        {t('whatsApp.janelaAberta', { em: dataHora(janela.fechaEm!) })}
      </Text>
    );
  return (
    <Alert color="yellow" data-testid="wa-janela-fechada">
      {janela.ultimaEntradaEm ? t('whatsApp.janelaFechada', { em: dataHora(janela.ultimaEntradaEm) }) : t('whatsApp.janelaNunca')}
    </Alert>
  );
}

function ConversaAberta({ id, pode }: { id: string; pode: boolean }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const [texto, setTexto] = useState('');
  const [anexo, setAnexo] = useState<File | null>(null);
  // A message on its way (not yet tried) is followed every second: Enviada or Falhou shows at once, not up to 5 s later.
  const conversa = useQuery({
    queryKey: ['whatsApp', 'conversa', id],
    queryFn: ({ signal }) => whatsAppApi.conversa(id, signal),
    refetchInterval: (q) => (q.state.data?.mensagens.some((m) => m.situacao === 'pendente' && m.tentativas === 0) ? 1_000 : 5_000),
  });
  const naoLidas = conversa.data?.naoLidas ?? 0;
  // A send's result (sent, refused, tried again) changes the connection's status ("últimos envios falharam"): read it
  // again then, not at its next poll.
  const envios = conversa.data?.mensagens.map((m) => `${m.situacao}:${m.tentativas}`).join();
  const enviosAntes = useRef(envios);
  useEffect(() => {
    const antes = enviosAntes.current;
    enviosAntes.current = envios;
    if (antes !== undefined && envios !== undefined && antes !== envios) void cliente.invalidateQueries({ queryKey: ['whatsApp', 'conexao'] });
  }, [envios, cliente]);
  // A chat opens on its latest message, and follows new ones.
  const rolagem = useRef<HTMLDivElement>(null);
  const total = conversa.data?.mensagens.length ?? 0;
  useEffect(() => {
    rolagem.current?.scrollTo({ top: rolagem.current.scrollHeight });
  }, [id, total]);
  useEffect(() => {
    if (naoLidas > 0) void whatsAppApi.lida(id).then(() => cliente.invalidateQueries({ queryKey: ['whatsApp', 'conversas'] }));
  }, [id, naoLidas, cliente]);
  const invalidar = () => void cliente.invalidateQueries({ queryKey: ['whatsApp'] });
  const responder = useMutation({
    mutationFn: () => (anexo ? whatsAppApi.enviarArquivo(id, anexo, texto.trim()) : whatsAppApi.responder(id, texto)),
    onSuccess: () => (setTexto(''), setAnexo(null), invalidar()),
    onError: erro,
  });
  const anexar = (f: File | null) => {
    if (!f) return;
    const limite = LIMITE_ANEXO[f.type];
    if (!limite) return erro(t('whatsApp.anexoTipo'));
    if (f.size > limite) return erro(t('whatsApp.anexoGrande', { nome: f.name, limite: `${limite / MB} MB` }));
    setAnexo(f);
  };
  const situacao = useMutation({ mutationFn: (s: SituacaoConversa) => whatsAppApi.situacao(id, s), onSuccess: invalidar, onError: erro });
  if (conversa.isError) return <Alert color="red">{conversa.error.message}</Alert>;
  const c = conversa.data;
  if (!c) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="wa-conversa">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Text fw={600}>{c.nome ?? c.numeroFormatado}</Text>
            <Text size="sm" c="dimmed">
              {c.numeroFormatado}
            </Text>
          </div>
          <Group gap="xs">
            <Badge color={COR_CONVERSA[c.situacao]}>{t(`whatsApp.${c.situacao}`)}</Badge>
            {pode && (
              <Button size="xs" variant="default" onClick={() => situacao.mutate(c.situacao === 'encerrada' ? 'aberta' : 'encerrada')} data-testid="wa-encerrar">
                {c.situacao === 'encerrada' ? t('whatsApp.reabrir') : t('whatsApp.encerrar')}
              </Button>
            )}
          </Group>
        </Group>
        <ScrollArea h={420} type="auto" viewportRef={rolagem}>
          <Stack gap="xs" pr="sm">
            {c.mensagens.map((m) => (
              <Balao key={m._id} m={m} pode={pode} janelaAberta={c.janela.aberta} />
            ))}
          </Stack>
        </ScrollArea>
        <AvisoJanela janela={c.janela} />
        {pode && !c.janela.aberta && <EnvioModelo conversa={id} nome={c.nome} />}
        {pode && c.janela.aberta && (
          <form onSubmit={(e) => (e.preventDefault(), (texto.trim() || anexo) && responder.mutate())}>
            <Group align="flex-end">
              <Textarea
                label={anexo ? t('whatsApp.legenda') : t('whatsApp.resposta')}
                placeholder={t('whatsApp.respostaExemplo')}
                value={texto}
                onChange={(e) => setTexto(e.currentTarget.value)}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={anexo ? 1024 : 4096}
                style={{ flex: 1 }}
                data-testid="wa-resposta"
              />
              <FileButton onChange={anexar} accept="image/jpeg,image/png,application/pdf">
                {(props) => (
                  <Button {...props} variant="default" title={t('whatsApp.anexarAjuda')} data-testid="wa-anexar">
                    {t('whatsApp.anexar')}
                  </Button>
                )}
              </FileButton>
              <Button type="submit" loading={responder.isPending} disabled={!texto.trim() && !anexo} data-testid="wa-enviar">
                {anexo ? t('whatsApp.enviarArquivo') : t('whatsApp.enviar')}
              </Button>
            </Group>
            {anexo && (
              <Group gap={4} mt={4} data-testid="wa-anexo">
                <Text size="sm">{anexo.name}</Text>
                <CloseButton size="sm" aria-label={t('whatsApp.removerAnexo')} onClick={() => setAnexo(null)} />
              </Group>
            )}
            <Text size="xs" c="dimmed" mt={4}>
              {t('whatsApp.anexarAjuda')}
            </Text>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** whatsAppPage: the robot's connection, its conversations (state, last message, unread) and the open conversation with the reply box. */
export default function WhatsAppPage() {
  const { t } = useTranslation();
  const { pode } = usePermissoes();
  const [filtro, setFiltro] = useState<SituacaoConversa | 'todas'>('todas');
  const [aberta, setAberta] = useState<string | null>(null);
  // Polled like the conversations: the status follows the sends' real results.
  const conexao = useQuery({ queryKey: ['whatsApp', 'conexao'], queryFn: ({ signal }) => whatsAppApi.conexao(signal), refetchInterval: 10_000 });
  const lista = useQuery({ queryKey: ['whatsApp', 'conversas', filtro], queryFn: ({ signal }) => whatsAppApi.conversas(filtro === 'todas' ? null : filtro, signal), refetchInterval: 5_000 });
  if (conexao.isError) return <Alert color="red">{conexao.error.message}</Alert>;
  if (!conexao.data) return null;
  const k = lista.data?.contagem;
  return (
    <PaginaRelatorio testid="whatsapp-page" titulo={t('whatsApp.titulo')} explicacao={t('whatsApp.explicacao')}>
      <ConexaoSecao conexao={conexao.data} pode={pode('whatsAppPage', 'editar')} />
      <EnviosFalhando conexao={conexao.data} />
      <Group justify="space-between">
        <SegmentedControl
          value={filtro}
          onChange={(v) => setFiltro(v as typeof filtro)}
          data={[
            { value: 'todas', label: t('whatsApp.filtroTodas') },
            { value: 'aberta', label: t('whatsApp.aberta') },
            { value: 'aguardando', label: t('whatsApp.aguardando') },
            { value: 'encerrada', label: t('whatsApp.encerrada') },
          ]}
        />
        {k && (
          <Text size="sm" c="dimmed" data-testid="wa-contagem">
            {t('whatsApp.contagem', { abertas: k.aberta, aguardando: k.aguardando, pendentes: k.pendentes, falhas: k.falhas })}
          </Text>
        )}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={6} data-testid="wa-conversas">
            {lista.data?.conversas.length === 0 && <Text c="dimmed">{t('whatsApp.semConversas')}</Text>}
            {lista.data?.conversas.map((c) => (
              <UnstyledButton key={c._id} onClick={() => setAberta(c._id)} data-testid="wa-conversa-item" aria-current={aberta === c._id ? 'true' : undefined}>
                <Paper withBorder p="xs" radius="md" bg={aberta === c._id ? 'var(--mantine-color-default-hover)' : undefined}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} truncate>
                      {c.nome ?? c.numeroFormatado}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {dataHora(c.ultimaMensagemEm)}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" truncate>
                    {c.ultimaMensagem}
                  </Text>
                  <Group gap={6} mt={4}>
                    <Badge size="xs" variant="light" color={COR_CONVERSA[c.situacao]}>
                      {t(`whatsApp.${c.situacao}`)}
                    </Badge>
                    {c.naoLidas > 0 && (
                      <Badge size="xs" color="green" data-testid="wa-nao-lidas">
                        {t('whatsApp.naoLidas', { count: c.naoLidas })}
                      </Badge>
                    )}
                  </Group>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {aberta ? (
            <ConversaAberta id={aberta} pode={pode('whatsAppPage', 'editar')} />
          ) : (
            <Box p="md">
              <Text c="dimmed">{t('whatsApp.escolha')}</Text>
            </Box>
          )}
        </Grid.Col>
      </Grid>
    </PaginaRelatorio>
  );
}
