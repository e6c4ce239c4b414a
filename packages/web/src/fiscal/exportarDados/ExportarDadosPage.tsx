import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, fimDoMes, hojeNoFuso, somarMeses, type Campo, type ExportacaoListada } from '@retaguarda/domain';
import { IconFileZip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useSessao } from '../../session/queries.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { corSituacaoExportacao, exportarDadosApi, tamanhoLegivel } from './exportarDadosApi.ts';

/** How often the list is read again while an export is being built (the bar moves). */
const CONSULTA_MS = 1500;

/**
 * exportarDados: the accountant's zip of a period (last month by default) for the chosen stores — built on
 * the server while the list shows its bar, then downloaded from the list until it expires, or e-mailed.
 */
export default function ExportarDadosPage() {
  const { t } = useTranslation();
  const { pode } = usePermissoes();
  const sessao = useSessao();
  const queryClient = useQueryClient();
  const hoje = hojeNoFuso();
  const mesPassado = somarMeses(`${hoje.slice(0, 8)}01`, -1);
  const [inicio, setInicio] = useState(mesPassado);
  const [fim, setFim] = useState(fimDoMes(mesPassado));
  const [lojas, setLojas] = useState<string[]>([]);
  const [eventos, setEventos] = useState(true);
  const [email, setEmail] = useState('');
  const todas = (sessao.data?.empresas ?? []).map((e) => ({ value: e._id, label: e.nomeFantasia }));

  const lista = useQuery({
    queryKey: ['exportarDados', 'lista'],
    queryFn: ({ signal }) => exportarDadosApi.listar(signal),
    refetchInterval: (q) => (q.state.data?.some((x) => x.situacao === 'processando') ? CONSULTA_MS : false),
  });
  const gerar = useMutation({
    mutationFn: () => exportarDadosApi.gerar({ inicio, fim, empresas: lojas.length ? lojas : todas.map((l) => l.value), eventos, email: email.trim() || null }),
    onSuccess: () => {
      notifications.show({ color: 'blue', message: t('exportarDados.gerando') });
      void queryClient.invalidateQueries({ queryKey: ['exportarDados'] });
    },
  });

  const colunas: Record<string, Campo> = {
    criadaEm: { rotulo: t('exportarDados.criadaEm'), tipo: 'texto' },
    periodo: { rotulo: t('exportarDados.periodo'), tipo: 'texto' },
    lojasTexto: { rotulo: t('exportarDados.lojasColuna'), tipo: 'texto' },
    situacao: { rotulo: t('exportarDados.situacao'), tipo: 'texto' },
    tamanho: { rotulo: t('exportarDados.tamanho'), tipo: 'texto' },
    validade: { rotulo: t('exportarDados.validade'), tipo: 'texto' },
    acoes: { rotulo: '', tipo: 'texto' },
  };
  const registros: Registro[] = (lista.data ?? []).map((x) => ({
    ...x,
    periodo: `${dataBr(x.inicio)} a ${dataBr(x.fim)}`,
    lojasTexto: x.empresas.join(', '),
    acoes: '',
  }));
  const celula = (coluna: string, linha: Registro) => {
    const x = linha as unknown as ExportacaoListada;
    switch (coluna) {
      case 'criadaEm':
        return (
          <div>
            <Text size="sm">{dataHora(x.criadaEm)}</Text>
            {x.usuario ? <Text size="xs" c="dimmed">{t('exportarDados.por', { usuario: x.usuario })}</Text> : null}
          </div>
        );
      case 'situacao':
        return (
          <Stack gap={4} miw={180}>
            <Group gap={6}>
              <Badge color={corSituacaoExportacao[x.situacao]} variant="light" data-testid="exportacao-situacao">{t(`exportarDados.situacao_${x.situacao}`)}</Badge>
              {x.situacao !== 'processando' && x.situacao !== 'falhou' ? <Text size="xs" c="dimmed">{t('exportarDados.notas', { count: x.notas })}</Text> : null}
            </Group>
            {x.situacao === 'processando' ? (
              <>
                <Progress value={x.total ? (100 * x.feitos) / x.total : 0} animated aria-label={t('exportarDados.andamento', { feitos: x.feitos, total: x.total })} data-testid="exportacao-progresso" />
                <Text size="xs" c="dimmed">{t('exportarDados.andamento', { feitos: x.feitos, total: x.total })}</Text>
              </>
            ) : null}
            {x.erro ? <Text size="xs" c="red">{x.erro}</Text> : null}
            {x.email ? <Text size="xs" c="dimmed">{t('exportarDados.enviadaPara', { email: x.email })}</Text> : null}
          </Stack>
        );
      case 'tamanho':
        return x.tamanho !== null ? tamanhoLegivel(x.tamanho) : '—';
      case 'validade':
        return x.expiraEm ? dataHora(x.expiraEm) : '—';
      case 'acoes':
        return x.situacao === 'concluida' ? (
          <Anchor href={exportarDadosApi.zipUrl(x._id)} download size="sm" data-testid="exportacao-baixar">
            {t('exportarDados.baixar')}
          </Anchor>
        ) : null;
      default:
        return undefined;
    }
  };

  return (
    <PaginaRelatorio testid="exportar-dados" titulo={t('exportarDados.titulo')} explicacao={t('exportarDados.explicacao')}>
      {pode('exportarDados', 'criar') ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group align="flex-end" wrap="wrap">
              <CampoDia rotulo={t('exportarDados.de')} data={inicio} hoje={hoje} onChange={setInicio} testid="exportacao-de" />
              <CampoDia rotulo={t('exportarDados.ate')} data={fim} hoje={hoje} onChange={setFim} testid="exportacao-ate" />
              <EscolhaFiltro multipla rotulo={t('exportarDados.lojas')} todos={t('exportarDados.todasLojas')} opcoes={todas} carregando={sessao.isPending} valor={lojas} alterar={setLojas} largura={240} larguraMaxima={520} busca testid="exportacao-lojas" />
              <TextInput label={t('exportarDados.email')} placeholder="contador@escritorio.com.br" description={t('exportarDados.emailAjuda')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={340} type="email" data-testid="exportacao-email" />
            </Group>
            <Group justify="space-between" align="flex-end">
              <Stack gap={2}>
                <Checkbox label={t('exportarDados.eventos')} checked={eventos} onChange={(e) => setEventos(e.currentTarget.checked)} data-testid="exportacao-eventos" />
                <Text size="xs" c="dimmed">{t('exportarDados.emitidas')}</Text>
              </Stack>
              <Button leftSection={<IconFileZip size={16} />} onClick={() => gerar.mutate()} loading={gerar.isPending} disabled={!todas.length} data-testid="exportacao-gerar">
                {t('exportarDados.gerar')}
              </Button>
            </Group>
            {gerar.error ? <Alert color="red" data-testid="exportacao-erro">{gerar.error.message}</Alert> : null}
          </Stack>
        </Paper>
      ) : null}
      <Text fw={600}>{t('exportarDados.anteriores')}</Text>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('exportarDados.nenhuma')} vazioAjuda={t('exportarDados.nenhumaAjuda')}>
        {() => (
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="exportacao-lista" linhaTestid="exportacao-linha" minWidth={900} />
          </Paper>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
