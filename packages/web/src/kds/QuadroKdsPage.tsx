import '../app/estilosDoApp.css';
import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { io, type Socket } from 'socket.io-client';
import { getConfig } from '../app/config.ts';
import { i18next, LANGUAGE } from '../i18n/index.ts';
import { textosKdsQuadro } from '../i18n/kdsQuadro.ts';
import { FalhaKds, guardado, kdsApi, type AcessoKds } from './kdsApi.ts';
import { acaoDaTecla, aplicar, corDoTempo, estadoInicial, pedidosNaTela, podar, quantidadeLegivel, tempoDecorrido, type EstadoQuadro, type EventoKds, type PedidoKds, type QuadroKds } from './quadroKds.ts';
import classes from './QuadroKdsPage.module.css';
import { chegaramNovos, liberarSom, somLiberado, tocarSom } from './somKds.ts';

// The board's texts come with its page: neither the login page nor the shell carries them.
i18next.addResourceBundle(LANGUAGE, 'translation', textosKdsQuadro, true, true);

type Acao = { tipo: 'inicio'; pedidos: PedidoKds[]; ultimo: number } | { tipo: 'evento'; evento: EventoKds; setores: ReadonlySet<string> };
const reduzir = (estado: EstadoQuadro, a: Acao): EstadoQuadro => {
  if (a.tipo === 'inicio') return estadoInicial(a.pedidos, a.ultimo);
  const novo = aplicar(estado, a.evento);
  return a.evento.tipo === 'pronto' ? podar(novo, a.setores) : novo;
};

/** Signs the device in with its credential (typed once, kept on the device). */
function Entrada({ aoEntrar }: { aoEntrar: (token: string) => void }) {
  const { t } = useTranslation();
  const [credencial, setCredencial] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const entrar = async () => {
    try {
      const { token } = await kdsApi.entrar(credencial.trim());
      guardado.guardar(credencial.trim(), token);
      aoEntrar(token);
    } catch (e) {
      setErro(e instanceof FalhaKds && e.status === 401 ? t('kdsQuadro.credencialInvalida') : (e as Error).message);
    }
  };
  return (
    <div className={classes.entrada}>
      <Card withBorder padding="xl" w={480}>
        <form onSubmit={(e) => (e.preventDefault(), void entrar())}>
          <Stack>
            <Title order={2}>{t('kdsQuadro.entrarTitulo')}</Title>
            <Text c="dimmed">{t('kdsQuadro.entrarAjuda')}</Text>
            <PasswordInput label={t('kdsQuadro.credencial')} value={credencial} onChange={(e) => setCredencial(e.currentTarget.value)} error={erro} autoFocus data-testid="kds-credencial" />
            <Button type="submit" size="lg">
              {t('kdsQuadro.entrar')}
            </Button>
          </Stack>
        </form>
      </Card>
    </div>
  );
}

/** One order's card: number, table, timer coloured by the station's minutes, its items; a touch bumps it. */
function Cartao({ pedido, quadro, agora, selecionado, aoTocar }: { pedido: PedidoKds; quadro: QuadroKds; agora: number; selecionado: boolean; aoTocar?: () => void }) {
  const { t } = useTranslation();
  const cor = corDoTempo(pedido.chegouEm, agora, quadro);
  const setor = new Map(quadro.setores.map((s) => [s._id, s]));
  const rotuloEstado = { novo: t('kdsQuadro.estadoNovo'), em_preparo: t('kdsQuadro.estadoEmPreparo'), pronto: t('kdsQuadro.estadoPronto') };
  return (
    <div
      className={`${classes.cartao} ${classes[cor]} ${selecionado ? classes.selecionado : ''}`}
      data-testid="kds-pedido"
      data-pedido={pedido.pedidoId}
      data-cor={cor}
      role={aoTocar ? 'button' : undefined}
      tabIndex={aoTocar ? 0 : undefined}
      onClick={aoTocar}
    >
      <div className={classes.cabecalho}>
        <strong>{pedido.mesa ? t('kdsQuadro.mesa', { mesa: pedido.mesa }) : t('kdsQuadro.pedido', { pedido: pedido.pedidoId })}</strong>
        <span className={classes.tempo} data-testid="kds-tempo">
          {tempoDecorrido(pedido.chegouEm, agora)}
        </span>
      </div>
      {pedido.mesa && <Text size="sm" c="dimmed">{t('kdsQuadro.pedido', { pedido: pedido.pedidoId })}</Text>}
      <ul className={classes.itens}>
        {pedido.itens.map((i) => (
          <li key={i._id} className={i.estado === 'pronto' ? classes.itemPronto : undefined} data-estado={i.estado}>
            <span className={classes.qtd}>{quantidadeLegivel(i.quantidade)}×</span> {i.descricao}
            {quadro.tipo === 'expedicao' && i.setor && (
              <Badge ml="xs" size="sm" color={setor.get(i.setor)?.cor ?? 'gray'} variant={i.estado === 'pronto' ? 'filled' : 'light'}>
                {setor.get(i.setor)?.descricao} · {rotuloEstado[i.estado]}
              </Badge>
            )}
            {quadro.tipo === 'estacao' && i.estado === 'em_preparo' && (
              <Badge ml="xs" size="sm" variant="light">
                {rotuloEstado.em_preparo}
              </Badge>
            )}
            {i.modificadores.map((m) => (
              <div key={m.descricao} className={classes.modificador}>
                + {m.descricao}
              </div>
            ))}
            {i.observacao && <div className={classes.observacao}>{i.observacao}</div>}
            {i.estado !== 'pronto' && quadro.montagens[i.produto] ? (
              <ol className={classes.montagem} data-testid="kds-montagem">
                {quadro.montagens[i.produto]!.map((passo, n) => (
                  <li key={n}>
                    {passo.descricao}
                    {passo.minutos ? ` · ${t('kdsQuadro.minutos', { count: passo.minutos })}` : ''}
                    {quadro.tipo === 'expedicao' && setor.get(passo.setor) ? ` · ${setor.get(passo.setor)!.descricao}` : ''}
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The live board of a kitchen station (or the dispatch), full screen on a TV or tablet: the snapshot,
 * then the server's events over Socket.IO; on reconnect it sends the last event it applied and gets what it missed.
 */
export function QuadroKdsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const estacao = params.get('estacao');
  const [token, setToken] = useState<string | null>(() => (estacao ? null : guardado.token()));
  const acesso: AcessoKds = { token, estacao };
  const [quadro, setQuadro] = useState<QuadroKds | null>(null);
  const [estado, despachar] = useReducer(reduzir, estadoInicial([], 0));
  const ultimo = useRef(0);
  ultimo.current = estado.ultimo;
  const [conectado, setConectado] = useState(true);
  const [erro, setErro] = useState<string | null>(null);
  const [agora, setAgora] = useState(() => Date.now());
  const [selecao, setSelecao] = useState(0);

  useEffect(() => {
    const relogio = setInterval(() => setAgora(Date.now()), 1000);
    return () => clearInterval(relogio);
  }, []);

  // A token that expired (a day) is renewed with the kept credential; a revoked one asks for it again.
  const renovar = useCallback(async () => {
    const credencial = guardado.credencial();
    if (!credencial) return setToken(null);
    try {
      const novo = await kdsApi.entrar(credencial);
      guardado.guardar(credencial, novo.token);
      setToken(novo.token);
    } catch {
      guardado.esquecer();
      setToken(null);
    }
  }, []);

  useEffect(() => {
    if (!token && !estacao) return;
    let socket: Socket | undefined;
    let ativo = true;
    kdsApi.quadro({ token, estacao }).then(
      (r) => {
        if (!ativo) return;
        setQuadro(r.quadro);
        despachar({ tipo: 'inicio', pedidos: r.pedidos, ultimo: r.ultimoEvento });
        ultimo.current = r.ultimoEvento;
        const { baseSocket, pathSocket } = getConfig();
        // auth is read on every (re)connection: it carries the last event applied, for the catch-up.
        socket = io(baseSocket || undefined, {
          path: pathSocket || '/socket.io',
          transports: ['websocket'],
          withCredentials: true,
          auth: (cb) => cb({ ...(token ? { token } : { estacao }), ultimoEvento: ultimo.current }),
        });
        socket.on('connect', () => setConectado(true));
        socket.on('disconnect', () => setConectado(false));
        socket.on('connect_error', () => setConectado(false));
        const setores = new Set(r.quadro.setores.map((s) => s._id));
        socket.on('kds', (evento: EventoKds) => despachar({ tipo: 'evento', evento, setores }));
        // The server closed it: the device was revoked or its session ended. Sign in again with the kept credential (or ask for it).
        socket.on('kds:saiu', () => (token ? void renovar() : setErro(t('kdsQuadro.sessaoEncerrada'))));
      },
      (e: unknown) => {
        if (e instanceof FalhaKds && e.status === 401 && token) void renovar();
        else setErro(t('kdsQuadro.falha', { mensagem: (e as Error).message }));
      },
    );
    return () => {
      ativo = false;
      socket?.disconnect();
    };
  }, [token, estacao, renovar, t]);

  const visiveis = quadro ? pedidosNaTela(estado, quadro) : [];
  const selecionado = visiveis[Math.min(selecao, visiveis.length - 1)];

  // The station's sound when an order it must make arrives (not for those on screen at opening). A browser
  // plays only after a gesture: until the first touch or key, a button offers to turn sound on.
  const vistos = useRef<Set<string> | null>(null);
  const [toques, setToques] = useState(0);
  const [comSom, setComSom] = useState(somLiberado);
  const naTela = visiveis.map((p) => p._id).join(',');
  useEffect(() => {
    if (!quadro) return;
    const ids = naTela ? naTela.split(',') : [];
    if (vistos.current && quadro.tipo === 'estacao' && chegaramNovos(vistos.current, ids) && tocarSom(quadro.som)) setToques((n) => n + 1);
    // The newest 500 orders are enough to tell a new one (a Set keeps insertion order): bounded for a board left on for days.
    vistos.current = new Set([...(vistos.current ?? []), ...ids].slice(-500));
  }, [quadro, naTela]);
  useEffect(() => {
    if (comSom) return;
    const liberar = () => void liberarSom().then(setComSom);
    window.addEventListener('pointerdown', liberar, { once: true });
    window.addEventListener('keydown', liberar, { once: true });
    return () => {
      window.removeEventListener('pointerdown', liberar);
      window.removeEventListener('keydown', liberar);
    };
  }, [comSom]);

  const agir = useCallback(
    async (f: () => Promise<unknown>) => {
      try {
        await f();
        setErro(null);
      } catch (e) {
        setErro((e as Error).message);
      }
    },
    [],
  );
  const concluir = (p: PedidoKds) => agir(() => kdsApi.pronto(acesso, p._id));
  const voltarUltimo = () => agir(() => kdsApi.recuperar(acesso));

  // The station's bump bar (kdsTeclado): its keys move the selection, bump, start and recall.
  useEffect(() => {
    if (!quadro || quadro.tipo !== 'estacao') return;
    const aoTeclar = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement) return;
      const acao = acaoDaTecla(quadro.teclas, e.key);
      if (!acao) return;
      e.preventDefault();
      if (acao === 'Próximo') setSelecao((s) => Math.min(s + 1, Math.max(visiveis.length - 1, 0)));
      else if (acao === 'Anterior') setSelecao((s) => Math.max(s - 1, 0));
      else if (acao === 'Concluir' && selecionado) void concluir(selecionado);
      else if (acao === 'Iniciar preparo' && selecionado) void agir(() => kdsApi.preparo(acesso, selecionado._id));
      else if (acao === 'Voltar último') void voltarUltimo();
    };
    window.addEventListener('keydown', aoTeclar);
    return () => window.removeEventListener('keydown', aoTeclar);
  });

  if (!token && !estacao) return <Entrada aoEntrar={setToken} />;

  return (
    <div className={classes.quadro} data-testid="kds-quadro" data-toques={toques}>
      <header className={classes.topo}>
        <Group gap="sm">
          <Title order={2}>{quadro?.descricao ?? t('kdsQuadro.titulo')}</Title>
          {quadro?.tipo === 'expedicao' && <Badge size="lg">{t('kdsQuadro.expedicao')}</Badge>}
          <Text c="dimmed">{t('kdsQuadro.pedidos', { count: visiveis.length })}</Text>
        </Group>
        <Group gap="sm">
        {quadro?.tipo === 'estacao' && quadro.som !== 'Nenhum' && !comSom && (
          <Button variant="light" size="md" onClick={() => void liberarSom().then(setComSom)} data-testid="kds-ativar-som">
            {t('kdsQuadro.ativarSom')}
          </Button>
        )}
        {quadro?.tipo === 'estacao' && (
          <Button variant="default" size="md" onClick={() => void voltarUltimo()} data-testid="kds-voltar">
            {t('kdsQuadro.voltarUltimo')}
          </Button>
        )}
        </Group>
      </header>
      {!conectado && (
        <Alert color="red" variant="filled" className={classes.faixa} data-testid="kds-sem-conexao">
          {t('kdsQuadro.semConexao')}
        </Alert>
      )}
      {erro && (
        <Alert color="orange" className={classes.faixa} withCloseButton onClose={() => setErro(null)}>
          {erro}
        </Alert>
      )}
      {quadro && visiveis.length === 0 && <Text className={classes.vazio}>{t('kdsQuadro.vazio')}</Text>}
      {quadro && (
        <div className={classes.colunas} style={{ gridTemplateColumns: `repeat(${quadro.colunas}, minmax(0, 1fr))` }}>
          {visiveis.map((p) => (
            <Cartao key={p._id} pedido={p} quadro={quadro} agora={agora} selecionado={p === selecionado && quadro.tipo === 'estacao'} aoTocar={quadro.tipo === 'estacao' ? () => void concluir(p) : undefined} />
          ))}
        </div>
      )}
    </div>
  );
}

export default QuadroKdsPage;
