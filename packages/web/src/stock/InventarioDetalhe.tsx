import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { breakpoints, reais } from '@retaguarda/domain';
import { IconArrowLeft, IconBarcode, IconCheck, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../app/ConfirmDialog.tsx';
import { useUrlParam } from '../app/useUrlParams.ts';
import { isApiError } from '../api/client.ts';
import { DocumentoCarregando } from './DocumentoVoltar.tsx';
import { usePermissoes } from '../session/permissoes.ts';
import { useGeral } from '../session/store.ts';
import { dataHora, formatQtd } from './formatoEstoque.ts';
import {
  acharLinhaPorCodigo,
  agruparPorLocal,
  chaveLinha,
  contadoExibido,
  corStatus,
  corValor,
  errosPorLinha,
  filtrarItens,
  gtinDe,
  linhasAlteradas,
  rascunhoDepoisDeSalvar,
  reaisComSinal,
  resumoAprovacao,
  textoDoContado,
  type DetalheInventario,
  type ItemInventario,
  type LinhaContagem,
} from './inventario.ts';
import { inventarioApi, inventarioKeys } from './inventarioApi.ts';
import { IncluirProdutoInventario, OrigemDaLinha } from './InventarioInclusao.tsx';

/** A difference with its sign: '+1,5 KG', '-0,5 KG', '0 KG'. */
const diferencaComSinal = (diferenca: string | null, unidade: string | null) => {
  if (diferenca === null) return '';
  const texto = formatQtd(diferenca, unidade);
  return /^[1-9]|^0,/.test(texto) ? `+${texto}` : texto;
};

function Total({ rotulo, children, testid }: { rotulo: string; children: ReactNode; testid: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {rotulo}
      </Text>
      <Text fw={700} size="lg" data-testid={testid}>
        {children}
      </Text>
    </Paper>
  );
}

/**
 * One count: its totals, its lines by location (filtered by ?local=, a search, only the uncounted),
 * a code field that jumps to a product's line, a quantity per line while it is open, "Salvar
 * contagens" (only the lines this person changed), "Aprovar" and "Cancelar inventário".
 */
export function InventarioDetalhe({ id, onVoltar }: { id: string; onVoltar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const chave = inventarioKeys.detalhe(empresa, id);
  const detalhe = useQuery({ queryKey: chave, queryFn: ({ signal }) => inventarioApi.detalhe(id, signal), enabled: Boolean(empresa) });

  const [local, setLocal] = useUrlParam('local');
  const [busca, setBusca] = useState('');
  const [soPendentes, setSoPendentes] = useState(false);
  const [rascunho, setRascunho] = useState<Record<string, string>>({});
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [codigo, setCodigo] = useState('');
  const [erroCodigo, setErroCodigo] = useState<string | null>(null);
  const [focar, setFocar] = useState<string | null>(null);
  const [confirmar, setConfirmar] = useState<'aprovar' | 'cancelar' | null>(null);
  // The dialog that adds a product the freeze did not include (with the code scanned, when it came from there).
  const [incluir, setIncluir] = useState<{ codigo: string } | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const campoCodigo = useRef<HTMLInputElement>(null);

  const inv = detalhe.data;
  const itens = useMemo(() => inv?.itens ?? [], [inv]);
  const locais = useMemo(() => agruparPorLocal(itens).map((g) => ({ value: g.local, label: g.descricao })), [itens]);
  const localValido = local && locais.some((l) => l.value === local) ? local : null;
  const visiveis = useMemo(() => filtrarItens(itens, { local: localValido, busca, soPendentes }), [itens, localValido, busca, soPendentes]);
  const grupos = useMemo(() => agruparPorLocal(visiveis), [visiveis]);
  const alteradas = useMemo(() => linhasAlteradas(itens, rascunho), [itens, rascunho]);
  const editavel = inv?.status === 'aberto' && pode('estoqueInventario', 'editar');

  // The line asked for by the code field gets the focus once it is on screen.
  useEffect(() => {
    if (!focar) return;
    const el = inputs.current.get(focar);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus();
    el.select();
    setFocar(null);
  }, [focar, visiveis]);

  const atualizado = (novo: DetalheInventario) => {
    queryClient.setQueryData(chave, novo);
    void queryClient.invalidateQueries({ queryKey: inventarioKeys.lista(empresa) });
  };
  const falhou = (e: Error) => {
    setErroGeral(e.message);
    // No longer open (approved or cancelled elsewhere): show what it is now.
    if (isApiError(e) && (e.status === 409 || e.status === 404)) void detalhe.refetch();
  };

  const salvar = useMutation({
    mutationFn: (enviadas: LinhaContagem[]) => inventarioApi.contar(id, enviadas),
    onSuccess: (novo, enviadas) => {
      atualizado(novo);
      setRascunho((r) => rascunhoDepoisDeSalvar(r, enviadas, novo.itens));
      setErros({});
      setErroGeral(null);
      notifications.show({ color: 'green', message: t('estoqueInventario.salvoOk', { count: enviadas.length }) });
    },
    onError: (e, enviadas) => {
      if (isApiError(e) && e.status === 400) setErros(errosPorLinha(e.campos, enviadas).linhas);
      falhou(e);
    },
  });
  const aprovar = useMutation({
    mutationFn: () => inventarioApi.aprovar(id),
    onSuccess: (novo) => {
      atualizado(novo);
      setConfirmar(null);
      setErroGeral(null);
      void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueProduto'] });
      void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueFluxo'] });
      notifications.show({ color: 'green', message: t('estoqueInventario.aprovadoOk', { numero: novo.numero }) });
    },
    onError: (e) => {
      setConfirmar(null);
      falhou(e);
    },
  });
  const cancelar = useMutation({
    mutationFn: () => inventarioApi.cancelar(id),
    onSuccess: (novo) => {
      atualizado(novo);
      setConfirmar(null);
      setRascunho({});
      setErroGeral(null);
      notifications.show({ message: t('estoqueInventario.canceladoOk', { numero: novo.numero }) });
    },
    onError: (e) => {
      setConfirmar(null);
      falhou(e);
    },
  });

  const irParaCodigo = () => {
    const texto = codigo.trim();
    if (!texto) return;
    const linha = acharLinhaPorCodigo(itens, texto, localValido);
    if (!linha) return setErroCodigo(t(localValido ? 'estoqueInventario.codigoNaoAchado' : 'estoqueInventario.codigoNaoAchadoTodos', { codigo: texto }));
    setErroCodigo(null);
    setCodigo('');
    // The line must be on screen: filters that hide it step aside.
    if (!filtrarItens([linha], { local: localValido, busca, soPendentes }).length) {
      setBusca('');
      setSoPendentes(false);
    }
    setFocar(chaveLinha(linha));
  };

  const incluido = (novo: DetalheInventario, linha: { local: string; produto: string }) => {
    atualizado(novo);
    setIncluir(null);
    setCodigo('');
    setErroCodigo(null);
    setErroGeral(null);
    // The new line must be on screen to be counted.
    setBusca('');
    setSoPendentes(false);
    if (localValido && localValido !== linha.local) setLocal(null, { replace: true });
    setFocar(chaveLinha(linha));
    const item = novo.itens.find((i) => chaveLinha(i) === chaveLinha(linha));
    notifications.show({ color: 'green', message: t('inventarioInclusao.incluidaOk', { produto: item?.descricao ?? '', local: item?.localDescricao ?? '' }) });
  };

  const digitar = (item: ItemInventario, texto: string) => {
    const k = chaveLinha(item);
    setRascunho((r) => ({ ...r, [k]: texto }));
    if (erros[k]) {
      const { [k]: _, ...resto } = erros;
      setErros(resto);
      // The 400's summary goes with the last line it named.
      if (!Object.keys(resto).length) setErroGeral(null);
    }
  };

  if (!inv) {
    return (
      <DocumentoCarregando rotulo={t('estoqueInventario.voltar')} onVoltar={onVoltar} erro={detalhe.error} testid="inventario-detalhe" />
    );
  }

  const { totais } = inv;
  const resumo = resumoAprovacao(itens);
  const variosLocais = grupos.length > 1;

  const celulaContado = (item: ItemInventario) => {
    const k = chaveLinha(item);
    if (!editavel) return <Text size="sm">{formatQtd(item.contado, item.unidade)}</Text>;
    const alterada = alteradas.some((a) => chaveLinha(a) === k);
    return (
      <TextInput
        ref={(el) => {
          if (el) inputs.current.set(k, el);
          else inputs.current.delete(k);
        }}
        aria-label={t('estoqueInventario.contadoDe', { produto: item.descricao ?? item.codigo ?? '' })}
        value={rascunho[k] ?? textoDoContado(item.contado)}
        onChange={(e) => digitar(item, e.currentTarget.value)}
        onBlur={(e) => {
          if (rascunho[k] !== undefined) digitar(item, contadoExibido(e.currentTarget.value));
        }}
        onKeyDown={(e) => {
          // Enter goes back to the code field: the next product is scanned.
          if (e.key === 'Enter') {
            e.preventDefault();
            campoCodigo.current?.focus();
          }
        }}
        inputMode="decimal"
        autoComplete="off"
        w={estreito ? 120 : 140}
        size="sm"
        styles={{ input: { textAlign: 'right', ...(alterada ? { borderColor: 'var(--mantine-color-orange-6)', background: 'var(--mantine-color-orange-light)' } : {}) } }}
        rightSection={item.unidade ? <Text size="xs" c="dimmed">{item.unidade}</Text> : undefined}
        rightSectionWidth={item.unidade ? 36 : undefined}
        error={erros[k]}
        data-testid="inventario-contado"
        data-chave={k}
      />
    );
  };

  const linha = (item: ItemInventario) => {
    const k = chaveLinha(item);
    const diferenca = (
      <Text span size="sm" c={corValor(item.valor)} style={{ whiteSpace: 'nowrap' }} data-testid="inventario-diferenca">
        {diferencaComSinal(item.diferenca, item.unidade)}
      </Text>
    );
    const valor = (
      <Text span size="sm" fw={500} c={corValor(item.valor)} style={{ whiteSpace: 'nowrap' }} data-testid="inventario-valor">
        {item.valor === null ? '' : reaisComSinal(item.valor)}
      </Text>
    );
    const produto = (
      <>
        <Text size="sm" fw={500} lh={1.3}>
          {item.descricao}
        </Text>
        <Text size="xs" c="dimmed">
          {[item.codigo, gtinDe(item)].filter(Boolean).join(' · ')}
          {estreito ? ` · ${t('estoqueInventario.congelado')}: ${formatQtd(item.congelado, item.unidade)}` : ''}
        </Text>
        <OrigemDaLinha item={item} />
      </>
    );
    if (estreito) {
      return (
        <Table.Tr key={k} data-testid="inventario-linha" data-chave={k}>
          <Table.Td>{produto}</Table.Td>
          <Table.Td>
            <Stack gap={2} align="flex-end">
              {celulaContado(item)}
              {item.diferenca !== null ? (
                <Group gap={6} wrap="nowrap">
                  {diferenca}
                  {valor}
                </Group>
              ) : null}
            </Stack>
          </Table.Td>
        </Table.Tr>
      );
    }
    return (
      <Table.Tr key={k} data-testid="inventario-linha" data-chave={k}>
        <Table.Td>{produto}</Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="inventario-congelado">
          {formatQtd(item.congelado, item.unidade)}
        </Table.Td>
        <Table.Td>
          <Group justify="flex-end">{celulaContado(item)}</Group>
        </Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {diferenca}
        </Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {valor}
        </Table.Td>
        <Table.Td>
          <Text size="xs" c="dimmed">
            {item.contadoPor}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  };
  const colunas = estreito ? 2 : 6;

  return (
    <Stack gap="md" maw={1400} data-testid="inventario-detalhe" pb={editavel ? 0 : 'md'}>
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onVoltar} style={{ alignSelf: 'flex-start' }} px={4} data-testid="inventario-voltar">
        {t('estoqueInventario.voltar')}
      </Button>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={2} data-testid="inventario-titulo">
              {t('estoqueInventario.tituloDetalhe', { numero: inv.numero, descricao: inv.descricao })}
            </Title>
            <Badge color={corStatus[inv.status]} variant="light" size="lg" data-testid="inventario-status-detalhe">
              {t(`estoqueInventario.status_${inv.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('estoqueInventario.congeladoEmTexto', { quando: dataHora(inv.congeladoEm) })}
            {inv.aprovadoEm ? ` · ${t('estoqueInventario.aprovadoEmTexto', { quando: dataHora(inv.aprovadoEm) })}` : ''}
          </Text>
          {inv.observacao ? (
            <Text size="sm" mt={4}>
              {inv.observacao}
            </Text>
          ) : null}
        </div>
        {editavel ? (
          <Group gap="xs">
            <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => setConfirmar('cancelar')} data-testid="inventario-cancelar">
              {t('estoqueInventario.cancelarInventario')}
            </Button>
            <Tooltip label={t('estoqueInventario.salveAntes')} disabled={!alteradas.length} withinPortal>
              <Button color="green" leftSection={<IconCheck size={16} />} onClick={() => setConfirmar('aprovar')} disabled={alteradas.length > 0 || totais.contadas === 0} data-testid="inventario-aprovar">
                {t('estoqueInventario.aprovar')}
              </Button>
            </Tooltip>
          </Group>
        ) : null}
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Total rotulo={t('estoqueInventario.contadas')} testid="inventario-total-contadas">
          {t('estoqueInventario.contadasDe', { contadas: totais.contadas, linhas: totais.linhas })}
        </Total>
        <Total rotulo={t('estoqueInventario.sobras')} testid="inventario-total-sobras">
          <Text span inherit c={corValor(totais.sobras)}>
            {reaisComSinal(totais.sobras)}
          </Text>
        </Total>
        <Total rotulo={t('estoqueInventario.faltas')} testid="inventario-total-faltas">
          <Text span inherit c={corValor(totais.faltas)}>
            {reaisComSinal(totais.faltas)}
          </Text>
        </Total>
        <Total rotulo={t('estoqueInventario.diferenca')} testid="inventario-total-diferenca">
          <Text span inherit c={corValor(totais.diferenca)}>
            {reaisComSinal(totais.diferenca)}
          </Text>
        </Total>
      </SimpleGrid>

      {inv.status !== 'aberto' ? (
        <Alert color={corStatus[inv.status]} data-testid="inventario-somente-leitura">
          {t(`estoqueInventario.somenteLeitura_${inv.status}`)}
        </Alert>
      ) : null}
      {erroGeral ? (
        <Alert color="red" withCloseButton onClose={() => setErroGeral(null)} data-testid="inventario-erro">
          {erroGeral}
        </Alert>
      ) : null}

      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" wrap="wrap" gap="sm">
          {editavel ? (
            <TextInput
              ref={campoCodigo}
              label={t('estoqueInventario.codigo')}
              placeholder={t('estoqueInventario.codigoPlaceholder')}
              leftSection={<IconBarcode size={16} />}
              value={codigo}
              onChange={(e) => {
                setCodigo(e.currentTarget.value);
                setErroCodigo(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  irParaCodigo();
                }
              }}
              error={
                erroCodigo ? (
                  <>
                    {erroCodigo}{' '}
                    <Anchor component="button" type="button" size="xs" onClick={() => setIncluir({ codigo: codigo.trim() })} data-testid="inventario-codigo-incluir">
                      {t('inventarioInclusao.incluirEste')}
                    </Anchor>
                  </>
                ) : null
              }
              autoComplete="off"
              w={estreito ? '100%' : 280}
              data-testid="inventario-codigo"
            />
          ) : null}
          {locais.length > 1 ? (
            <Select
              label={t('estoqueInventario.local')}
              data={[{ value: '', label: t('estoqueInventario.todosLocais') }, ...locais]}
              value={localValido ?? ''}
              onChange={(v) => setLocal(v || null, { replace: true })}
              allowDeselect={false}
              w={estreito ? '100%' : 220}
              data-testid="inventario-local"
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <TextInput
            label={t('estoqueInventario.busca')}
            placeholder={t('estoqueInventario.buscaPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={busca}
            onChange={(e) => setBusca(e.currentTarget.value)}
            w={estreito ? '100%' : 260}
            data-testid="inventario-busca"
          />
          <Checkbox label={t('estoqueInventario.soPendentes')} checked={soPendentes} onChange={(e) => setSoPendentes(e.currentTarget.checked)} mb={8} data-testid="inventario-so-pendentes" />
          {editavel ? (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setIncluir({ codigo: '' })} ml={estreito ? undefined : 'auto'} data-testid="inventario-incluir">
              {t('inventarioInclusao.botao')}
            </Button>
          ) : null}
        </Group>
      </Paper>

      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={estreito ? 0 : 860}>
          <Table verticalSpacing={6} striped={false} highlightOnHover data-testid="inventario-tabela">
            <Table.Thead>
              {estreito ? (
                <Table.Tr>
                  <Table.Th>{t('estoqueInventario.produto')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueInventario.contado')}</Table.Th>
                </Table.Tr>
              ) : (
                <Table.Tr>
                  <Table.Th>{t('estoqueInventario.produto')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueInventario.congelado')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueInventario.contado')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueInventario.diferenca')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueInventario.valor')}</Table.Th>
                  <Table.Th>{t('estoqueInventario.contadoPor')}</Table.Th>
                </Table.Tr>
              )}
            </Table.Thead>
            <Table.Tbody>
              {grupos.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={colunas}>
                    <Text size="sm" c="dimmed" ta="center" py="md" data-testid="inventario-sem-linhas">
                      {t('estoqueInventario.semLinhas')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                grupos.map((g) => (
                  <Fragment key={g.local}>
                    {variosLocais || locais.length > 1 ? (
                      <Table.Tr bg="var(--mantine-color-default-hover)">
                        <Table.Td colSpan={colunas}>
                          <Text size="sm" fw={700} data-testid="inventario-grupo">
                            {g.descricao}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {g.itens.map(linha)}
                  </Fragment>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {editavel ? (
        <Group
          justify="flex-end"
          gap="xs"
          py="sm"
          px="sm"
          style={{ position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" c={alteradas.length ? 'orange' : 'dimmed'} mr="auto" data-testid="inventario-alteradas">
            {alteradas.length ? t('estoqueInventario.alteradas', { count: alteradas.length }) : t('estoqueInventario.nadaAlterado')}
          </Text>
          <Button
            variant="default"
            disabled={!Object.keys(rascunho).length || salvar.isPending}
            onClick={() => {
              setRascunho({});
              setErros({});
            }}
            data-testid="inventario-descartar"
          >
            {t('estoqueInventario.descartar')}
          </Button>
          <Button loading={salvar.isPending} disabled={!alteradas.length} onClick={() => salvar.mutate(alteradas)} data-testid="inventario-salvar">
            {t('estoqueInventario.salvar')}
          </Button>
        </Group>
      ) : null}

      {editavel ? (
        <IncluirProdutoInventario inv={inv} opened={incluir !== null} codigoInicial={incluir?.codigo ?? ''} localInicial={localValido} onClose={() => setIncluir(null)} onIncluido={incluido} />
      ) : null}
      <ConfirmDialog
        opened={confirmar === 'aprovar'}
        title={t('estoqueInventario.aprovarTitulo', { numero: inv.numero })}
        okLabel={t('estoqueInventario.aprovar')}
        cancelLabel={t('estoqueInventario.voltarSemCancelar')}
        okColor="green"
        okLoading={aprovar.isPending}
        onCancel={() => setConfirmar(null)}
        onOk={() => aprovar.mutate()}
        testIds={{ dialogo: 'inventario-aprovar-dialogo', ok: 'inventario-aprovar-ok', cancelar: 'inventario-aprovar-voltar' }}
      >
        <Stack gap="xs">
          <Text size="sm">{t('estoqueInventario.aprovarTexto', { count: resumo.comDiferenca, quando: dataHora(inv.congeladoEm) })}</Text>
          <Text size="sm" fw={600} data-testid="inventario-aprovar-total">
            {t('estoqueInventario.aprovarTotal', { valor: reaisComSinal(totais.diferenca), sobras: reais(totais.sobras), faltas: reais(totais.faltas) })}
          </Text>
          {resumo.naoContadas ? (
            <Text size="sm" c="dimmed">
              {t('estoqueInventario.aprovarNaoContadas', { count: resumo.naoContadas })}
            </Text>
          ) : null}
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmar === 'cancelar'}
        title={t('estoqueInventario.cancelarTitulo', { numero: inv.numero })}
        okLabel={t('estoqueInventario.cancelarInventario')}
        cancelLabel={t('estoqueInventario.voltarSemCancelar')}
        okColor="red"
        okLoading={cancelar.isPending}
        onCancel={() => setConfirmar(null)}
        onOk={() => cancelar.mutate()}
        testIds={{ dialogo: 'inventario-cancelar-dialogo', ok: 'inventario-cancelar-ok', cancelar: 'inventario-cancelar-voltar' }}
      >
        {t('estoqueInventario.cancelarTexto')}
      </ConfirmDialog>
    </Stack>
  );
}
