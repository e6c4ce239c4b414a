import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  ColorSwatch,
  EmptyState,
  Group,
  LoadingOverlay,
  Menu,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Campo, RecursoDef } from '@retaguarda/domain';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconCopy,
  IconDownload,
  IconEye,
  IconFilterOff,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconTrashOff,
} from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../app/ConfirmDialog.tsx';
import { useOpcoesReferencia } from './ReferenciaInput.tsx';
import { Filtro, SearchBox } from './ResourceFilters.tsx';
import { FiltrosDobraveis, filtrosAtivos } from './FiltrosDobraveis.tsx';
import { baixar, nomeArquivo, toCsv, type Registro } from './exportar.ts';
import { formatValor } from './format.ts';
import { generoDe, rotuloNaFrase } from './genero.ts';
import type { ResourceListController } from './useResourceList.ts';
import { toXlsx } from './xlsx.ts';
import { useListaSoAberta } from '../app/useListaSoAberta.ts';
import { nomeDoRegistro } from './useResourceList.ts';
import { PAGE_SIZES, TODOS } from './listState.ts';

/** From this many rows on, only the rows in view are in the DOM (windowed, @tanstack/react-virtual). */
export const VIRTUAL_A_PARTIR = 100;
// Height of a row with its action icons (measured in Chromium), so unmeasured rows are placed right.
const ALTURA_LINHA = 49;

const NUMERICOS = new Set(['inteiro', 'decimal', 'dinheiro', 'percentual']);
/** Text a cell may break over lines (a long description, a group's name), so the table fits its width instead of scrolling sideways. */
const QUEBRAM = new Set(['texto', 'textoLongo', 'referencia', 'referencias', 'opcao', 'opcoes', 'lista']);

function CelulaReferencias({ alvo, valor }: { alvo: string | undefined; valor: unknown[] }) {
  const opcoes = useOpcoesReferencia(alvo);
  const rotulo = (v: unknown) => (typeof v === 'string' ? (opcoes.data?.find((o) => o.value === v)?.label ?? '') : formatValor({ rotulo: '', tipo: 'referencia' }, v));
  const texto = valor.map(rotulo).filter(Boolean).join(', ');
  return texto ? <>{texto}</> : <Text span c="dimmed">—</Text>;
}

/** Notices of what the screen cannot do yet (declaration's `avisos`), on the list and the form. */
export function Avisos({ recurso }: { recurso: RecursoDef }) {
  const { t } = useTranslation();
  if (!recurso.avisos?.length) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title={t('recurso.avisoTitulo')} data-testid="recurso-avisos">
      <Stack gap={4}>
        {recurso.avisos.map((aviso) => (
          <Text key={aviso} size="sm">
            {aviso}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function Celula({ campo, valor, rotulos, alvo }: { campo: Campo; valor: unknown; rotulos: { sim: string; nao: string }; alvo?: string | undefined }) {
  if (campo.tipo === 'referencias' && Array.isArray(valor) && valor.some((v) => typeof v === 'string')) return <CelulaReferencias alvo={alvo} valor={valor} />;
  if (campo.tipo === 'booleano') {
    return (
      <Badge variant="light" color={valor ? 'teal' : 'gray'} size="md" radius="sm" tt="none" fw={500}>
        {valor ? rotulos.sim : rotulos.nao}
      </Badge>
    );
  }
  if (campo.tipo === 'cor' && typeof valor === 'string' && valor) {
    return (
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={valor} size={16} />
        <Text size="sm" ff="monospace">
          {valor}
        </Text>
      </Group>
    );
  }
  const texto = formatValor(campo, valor, rotulos);
  if (!texto) return <Text span c="dimmed">—</Text>;
  // A list's summary (a recipe's ingredients) can run long: two lines in the column, all of it on hover.
  if (campo.tipo === 'lista' && campo.resumo?.length) {
    return (
      <Text size="sm" lineClamp={2} title={texto} maw="28rem" data-testid="celula-resumo">
        {texto}
      </Text>
    );
  }
  return <>{texto}</>;
}

function ConfirmarLixeira({ registro, recurso, onConfirm, onCancel }: { registro: Registro | null; recurso: RecursoDef; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={registro !== null}
      title={t('recurso.confirmarLixeiraTitulo')}
      okLabel={t('recurso.ok')}
      okColor="red"
      cancelLabel={t('recurso.cancelar')}
      onOk={onConfirm}
      onCancel={onCancel}
      testIds={{ dialogo: 'confirmar-dialogo', ok: 'confirmar-ok', cancelar: 'confirmar-cancelar' }}
    >
      {registro ? t('recurso.confirmarLixeira', { nome: nomeDoRegistro(recurso, registro) }) : ''}
    </ConfirmDialog>
  );
}

/** What the access profile allows on the screen; the buttons of the rest are not shown. */
export interface Permite {
  criar: boolean;
  editar: boolean;
  lixeira: boolean;
  exportar: boolean;
}
export const PERMITE_TUDO: Permite = { criar: true, editar: true, lixeira: true, exportar: true };

interface AcoesDaLinha {
  editar: (id: string) => void;
  duplicar: (id: string) => void;
  restaurar: (r: Registro) => void;
  paraLixeira: (r: Registro) => void;
}

/** The texts of every row, translated once per list rather than per row. */
interface TextosDaLinha {
  restaurar: string;
  editar: string;
  ver: string;
  duplicar: string;
  enviarLixeira: string;
}

interface PropsLinha {
  r: Registro;
  indice: number | undefined;
  medir: ((el: HTMLTableRowElement | null) => void) | undefined;
  restaurando: boolean;
  colunas: readonly string[];
  camposDef: Record<string, Campo>;
  relacoes: Record<string, string | undefined>;
  rotulos: { sim: string; nao: string };
  textos: TextosDaLinha;
  lixo: boolean;
  permite: Permite;
  acoes: AcoesDaLinha;
}

/**
 * One row of the list. Memoised, with no hook of its own and the browser's own hint (title) on its
 * icons rather than a floating tooltip each: while a long list scrolls only the rows entering the
 * window render, and cheaply (the screen around the table does not re-render on scroll, see CorpoDaTabela).
 */
const LinhaRegistro = memo(function LinhaRegistro({ r, indice, medir, restaurando, colunas, camposDef, relacoes, rotulos, textos, lixo, permite, acoes }: PropsLinha) {
  return (
    <Table.Tr
      key={r._id}
      ref={medir}
      data-index={indice}
      data-testid="recurso-linha"
      data-id={r._id}
      onDoubleClick={() => (lixo ? undefined : acoes.editar(r._id))}
      style={{ cursor: lixo ? undefined : 'pointer' }}
    >
      {colunas.map((c) => {
        const campo = camposDef[c];
        return (
          <Table.Td
            key={c}
            data-coluna={c}
            style={{ textAlign: campo && NUMERICOS.has(campo.tipo) ? 'right' : undefined, ...(campo && QUEBRAM.has(campo.tipo) ? { minWidth: '6rem', overflowWrap: 'break-word' } : { whiteSpace: 'nowrap' }) }}
          >
            {campo ? <Celula campo={campo} valor={r[c]} rotulos={rotulos} alvo={relacoes[c]} /> : null}
          </Table.Td>
        );
      })}
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {lixo ? (
            permite.lixeira ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => acoes.restaurar(r)}
              loading={restaurando}
              data-testid="recurso-acao-restaurar"
            >
              {textos.restaurar}
            </Button>
            ) : null
          ) : (
            <>
              {permite.editar ? (
                <ActionIcon variant="subtle" color="gray" onClick={() => acoes.editar(r._id)} aria-label={textos.editar} title={textos.editar} data-testid="recurso-acao-editar">
                  <IconPencil size={18} />
                </ActionIcon>
              ) : (
                // Without Editar the form opens read-only.
                <ActionIcon variant="subtle" color="gray" onClick={() => acoes.editar(r._id)} aria-label={textos.ver} title={textos.ver} data-testid="recurso-acao-ver">
                  <IconEye size={18} />
                </ActionIcon>
              )}
              {permite.criar ? (
                <ActionIcon variant="subtle" color="gray" onClick={() => acoes.duplicar(r._id)} aria-label={textos.duplicar} title={textos.duplicar} data-testid="recurso-acao-duplicar">
                  <IconCopy size={18} />
                </ActionIcon>
              ) : null}
              {permite.lixeira ? (
                <ActionIcon variant="subtle" color="red" onClick={() => acoes.paraLixeira(r)} aria-label={textos.enviarLixeira} title={textos.enviarLixeira} data-testid="recurso-acao-lixeira">
                  <IconTrash size={18} />
                </ActionIcon>
              ) : null}
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * The rows: all of them, or (past VIRTUAL_A_PARTIR) only those in view, windowed by
 * @tanstack/react-virtual. The virtualizer lives here so that scrolling re-renders this body only.
 */
function CorpoDaTabela({
  registros,
  contagem,
  virtual,
  viewportRef,
  reinicio,
  linha,
}: {
  registros: Registro[];
  /** The rows the page has: more than `registros` while only its first rows have arrived (those after are blank). */
  contagem: number;
  virtual: boolean;
  viewportRef: RefObject<HTMLDivElement | null>;
  /** Changes when a new page or page size is shown: the window goes back to the first row. */
  reinicio: string;
  linha: (r: Registro, indice?: number, medir?: (el: HTMLTableRowElement | null) => void) => ReactNode;
}) {
  const virtualizer = useVirtualizer({
    count: virtual ? contagem : 0,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => ALTURA_LINHA,
    // Real row heights (measured); no layout (tests) keeps the estimate.
    measureElement: (el) => Math.round(el.getBoundingClientRect().height) || ALTURA_LINHA,
    overscan: 12,
    initialRect: { width: 1000, height: 600 },
    getItemKey: (i) => registros[i]?._id ?? i,
  });
  useEffect(() => {
    if (virtual) virtualizer.scrollToOffset(0);
  }, [reinicio, virtual]);
  if (!virtual) return <>{registros.map((r) => linha(r))}</>;
  const linhasVirtuais = virtualizer.getVirtualItems();
  const espacoAbaixo = linhasVirtuais.length ? virtualizer.getTotalSize() - linhasVirtuais[linhasVirtuais.length - 1]!.end : 0;
  return (
    <>
      {linhasVirtuais[0] && linhasVirtuais[0].start > 0 ? <tr aria-hidden style={{ height: linhasVirtuais[0].start }} /> : null}
      {linhasVirtuais.map((v) => (registros[v.index] ? linha(registros[v.index]!, v.index, virtualizer.measureElement) : null))}
      {espacoAbaixo > 0 ? <tr aria-hidden style={{ height: espacoAbaixo }} /> : null}
    </>
  );
}


/** The generic list screen of a resource. Renders only: state and actions come from the controller. */
export function ResourceList({
  recurso,
  lista,
  acoes,
  aviso,
  permite = PERMITE_TUDO,
}: {
  recurso: RecursoDef;
  lista: ResourceListController;
  acoes?: ReactNode;
  /** An entity's own warning about its records, under the declaration's avisos (e.g. promotions with removed products). */
  aviso?: ReactNode;
  permite?: Permite;
}) {
  const { t } = useTranslation();
  // Stable between renders, so the memoised rows do not all render again when the screen does.
  const rotulos = useMemo(() => ({ sim: t('recurso.sim'), nao: t('recurso.nao') }), [t]);
  const textos = useMemo<TextosDaLinha>(
    () => ({ restaurar: t('recurso.restaurar'), editar: t('recurso.editar'), ver: t('recurso.ver'), duplicar: t('recurso.duplicar'), enviarLixeira: t('recurso.enviarLixeira') }),
    [t],
  );
  const { state, registros, query } = lista;
  // The rows are drawn in a deferred render, which React splits into short tasks: drawn with the answer, in one
  // synchronous render (TanStack Query's answers are), fifty rows of a page held the main thread for a quarter
  // of a second of a 4× slower CPU (issue 19's Lighthouse). The counts and the pages above use the answer at once.
  const linhasDaTabela = useDeferredValue(registros);
  // The first rows not drawn yet: the space they will take stays reserved and the page bar waits for them (drawn under
  // the empty table first, the rows then pushed it down: a layout shift Lighthouse counted, 0.09 on /produtoGeral).
  const primeirasLinhasAChegar = registros.length > 0 && linhasDaTabela.length === 0;
  const porPaginaLista = useListaSoAberta();
  const [paraLixeira, setParaLixeira] = useState<Registro | null>(null);
  const colunas = recurso.colunas as readonly string[];
  const relacoes = (recurso.relacoes ?? {}) as Record<string, string | undefined>;
  const camposDef = recurso.campos as Record<string, Campo>;
  const buscaEm = (recurso.busca as readonly string[]).map((c) => rotuloNaFrase(camposDef[c]?.rotulo ?? c)).join(', ');
  const de = lista.total === 0 ? 0 : (state.pagina - 1) * state.por + 1;
  const contagem = lista.parcial ? Math.max(0, Math.min(lista.total - (state.pagina - 1) * state.por, state.por)) : registros.length;
  const ate = (state.pagina - 1) * state.por + contagem;
  const virtual = contagem > VIRTUAL_A_PARTIR;
  const viewportRef = useRef<HTMLDivElement>(null);

  // The controller's functions are new on each render; the rows call the latest through a ref.
  const controlador = useRef(lista);
  controlador.current = lista;
  const acoesDaLinha = useMemo<AcoesDaLinha>(
    () => ({
      editar: (id) => controlador.current.editar(id),
      duplicar: (id) => controlador.current.duplicar(id),
      restaurar: (r) => controlador.current.restore.mutate(r),
      paraLixeira: setParaLixeira,
    }),
    [],
  );
  const linha = (r: Registro, indice?: number, medir?: (el: HTMLTableRowElement | null) => void) => (
    <LinhaRegistro
      key={r._id}
      r={r}
      indice={indice}
      medir={medir}
      restaurando={lista.restore.isPending && lista.restore.variables?._id === r._id}
      colunas={colunas}
      camposDef={camposDef}
      relacoes={relacoes}
      rotulos={rotulos}
      textos={textos}
      lixo={state.lixo}
      permite={permite}
      acoes={acoesDaLinha}
    />
  );

  const exportarCsv = () => baixar(toCsv(recurso, registros, rotulos), 'text/csv;charset=utf-8', nomeArquivo(recurso, 'csv'));
  const exportarXlsx = () =>
    baixar(toXlsx(recurso, registros, rotulos) as Uint8Array<ArrayBuffer>, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', nomeArquivo(recurso, 'xlsx'));

  const vazio = !query.isPending && !query.isError && registros.length === 0 && !lista.parcial;

  return (
    <Stack gap="md" data-testid="recurso-lista" data-recurso={recurso.nome}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="baseline">
          <Title order={2} data-testid="recurso-titulo">
            {recurso.rotuloPlural}
          </Title>
          {state.lixo ? (
            <Badge color="orange" variant="light" tt="none" size="lg" radius="sm" leftSection={<IconTrash size={14} />}>
              {t('recurso.lixeira')}
            </Badge>
          ) : null}
          {(query.data || lista.parcial) && lista.total > 0 ? (
            <Text c="dimmed" size="sm" data-testid="recurso-total">
              {t('recurso.total', { count: lista.total })}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs">
          {permite.exportar ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />} disabled={registros.length === 0 || lista.parcial} data-testid="recurso-exportar">
                {t('recurso.exportar')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('recurso.exportarRotulo', { count: registros.length })}</Menu.Label>
              <Menu.Item onClick={exportarCsv} data-testid="recurso-exportar-csv">
                {t('recurso.exportarCsv')}
              </Menu.Item>
              <Menu.Item onClick={exportarXlsx} data-testid="recurso-exportar-xlsx">
                {t('recurso.exportarXlsx')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          ) : null}
          {permite.lixeira ? (
          <Button
            variant={state.lixo ? 'light' : 'default'}
            color={state.lixo ? 'orange' : 'gray'}
            leftSection={state.lixo ? <IconTrashOff size={16} /> : <IconTrash size={16} />}
            onClick={() => lista.setLixo(!state.lixo)}
            aria-pressed={state.lixo}
            data-testid="recurso-lixeira"
          >
            {state.lixo ? t('recurso.voltarLista') : t('recurso.lixeira')}
          </Button>
          ) : null}
          {state.lixo ? null : acoes}
          {state.lixo || !permite.criar ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={lista.novo} data-testid="recurso-novo">
              {t('recurso.novo')}
            </Button>
          )}
        </Group>
      </Group>

      <Avisos recurso={recurso} />
      {aviso}

      <Group gap="sm" wrap="wrap">
        <SearchBox valor={state.busca} onBusca={lista.setBusca} placeholder={t('recurso.buscarPlaceholder', { campos: buscaEm })} />
        {recurso.filtros.length ? (
          <FiltrosDobraveis ativos={filtrosAtivos(state.filtros)}>
            {(recurso.filtros as readonly string[]).map((nome) =>
              camposDef[nome] ? (
                <Filtro key={nome} nome={nome} campo={camposDef[nome]!} recurso={recurso} valor={state.filtros[nome]} onChange={(v) => lista.setFiltro(nome, v)} />
              ) : null,
            )}
          </FiltrosDobraveis>
        ) : null}
        {lista.filtrando ? (
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={lista.limparFiltros} data-testid="recurso-limpar-filtros">
            {t('recurso.limparFiltros')}
          </Button>
        ) : null}
      </Group>

      {query.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="recurso-erro">
          <Group justify="space-between">
            <Text size="sm">
              {t('recurso.erroLista')} {query.error.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('recurso.tentarNovamente')}
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Paper withBorder radius="md" pos="relative" style={{ overflow: 'hidden' }}>
        <LoadingOverlay visible={query.isFetching && !vazio && !lista.parcial} overlayProps={{ blur: 0, backgroundOpacity: 0.25 }} loaderProps={{ size: 'sm' }} />
        {vazio ? (
          <EmptyState
            py={48}
            px="md"
            data-testid="recurso-vazio"
            icon={state.lixo ? <IconTrash size={28} /> : lista.filtrando ? <IconSearch size={28} /> : <IconPlus size={28} />}
            variant="light"
            color={state.lixo ? 'gray' : undefined}
            description={
              state.lixo
                ? t('recurso.lixeiraVazia')
                : lista.filtrando
                  ? t('recurso.semResultado')
                  : t(permite.criar ? 'recurso.vazio' : 'recurso.vazioSemCriar', { context: generoDe(recurso), rotulo: rotuloNaFrase(recurso.rotulo) })
            }
          >
            <EmptyState.Actions>
              {state.lixo ? null : lista.filtrando ? (
                <Button variant="default" onClick={lista.limparFiltros}>
                  {t('recurso.limparFiltros')}
                </Button>
              ) : permite.criar ? (
                <Button leftSection={<IconPlus size={16} />} onClick={lista.novo} data-testid="recurso-vazio-novo">
                  {t('recurso.novo')}
                </Button>
              ) : null}
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <ScrollArea type="auto" viewportRef={viewportRef} h={virtual ? 'min(70vh, 900px)' : undefined} data-testid="recurso-rolagem" data-virtual={virtual || undefined}>
            <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="md" stickyHeader data-testid="recurso-tabela" miw={560}>
              <Table.Thead>
                <Table.Tr>
                  {colunas.map((c) => {
                    const campo = camposDef[c];
                    const ativo = state.ordem.campo === c;
                    const Icone = !ativo ? IconArrowsSort : state.ordem.direcao === 'asc' ? IconArrowUp : IconArrowDown;
                    const direita = campo && NUMERICOS.has(campo.tipo);
                    return (
                      <Table.Th key={c} aria-sort={ativo ? (state.ordem.direcao === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
                        <UnstyledButton
                          onClick={() => lista.ordenarPor(c)}
                          data-testid={`recurso-coluna-${c}`}
                          aria-label={t('recurso.ordenarPor', { campo: campo?.rotulo ?? c })}
                          style={{ display: 'flex', alignItems: 'center', gap: 4, fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginLeft: direita ? 'auto' : undefined }}
                        >
                          {campo?.rotulo ?? c}
                          <Icone size={14} style={{ opacity: ativo ? 1 : 0.35 }} />
                        </UnstyledButton>
                      </Table.Th>
                    );
                  })}
                  <Table.Th w={1} style={{ textAlign: 'right' }}>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {t('recurso.acoes')}
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <CorpoDaTabela registros={linhasDaTabela} contagem={contagem} virtual={virtual} viewportRef={viewportRef} reinicio={`${state.pagina}/${state.por}`} linha={linha} />
              </Table.Tbody>
            </Table>
            {(query.isPending && !lista.parcial) || primeirasLinhasAChegar ? <Box h={160} /> : null}
          </ScrollArea>
        )}
      </Paper>

      {lista.total > 0 && !primeirasLinhasAChegar ? (
        <Group justify="space-between" data-testid="recurso-paginacao">
          <Text size="sm" c="dimmed">
            {t('recurso.faixa', { de, ate, total: lista.total })}
            {lista.parcial ? ` · ${t('recurso.carregandoRestante')}` : ''}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t('recurso.porPagina')}
              data={[...PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) })), { value: 'todos', label: t('recurso.todos') }]}
              value={state.por >= TODOS ? 'todos' : String(state.por)}
              onChange={(v) => v && lista.setPor(v === 'todos' ? TODOS : Number(v))}
              allowDeselect={false}
              leftSection={<Text size="xs" c="dimmed" pl={8} style={{ whiteSpace: 'nowrap' }}>{t('recurso.porPagina')}</Text>}
              leftSectionWidth={88}
              w={170}
              size="xs"
              data-testid="recurso-por-pagina"
              {...porPaginaLista}
            />
            {lista.paginas > 1 ? <Pagination total={lista.paginas} value={state.pagina} onChange={lista.setPagina} size="sm" /> : null}
          </Group>
        </Group>
      ) : null}

      <ConfirmarLixeira
        registro={paraLixeira}
        recurso={recurso}
        onCancel={() => setParaLixeira(null)}
        onConfirm={() => {
          if (paraLixeira) lista.trash.mutate(paraLixeira);
          setParaLixeira(null);
        }}
      />
    </Stack>
  );
}
