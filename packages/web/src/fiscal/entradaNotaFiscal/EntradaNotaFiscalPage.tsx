import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, reais, type Campo, type EntradaListada, type ResultadoImportacaoNota, type SituacaoEntrada } from '@retaguarda/domain';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParam } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { EntradaDetalhe } from './EntradaDetalhe.tsx';
import { arquivoParaImportacao, corSituacao, entradaApi, entradaKeys } from './entradaApi.ts';

/**
 * entradaNotaFiscal: supplier NF-e XMLs dropped or picked (many at once, or a zip), the answer per file,
 * the company's imported notes with their situation, and one note opened (?entrada=<id>) to match its
 * items, choose the location, post or reverse.
 */
export default function EntradaNotaFiscalPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const [aberta, setAberta] = useUrlParam('entrada');
  const [situacao, setSituacao] = useUrlParam('situacao');
  const [busca, setBusca] = useState('');
  const [resultado, setResultado] = useState<ResultadoImportacaoNota[] | null>(null);
  const [arrastando, setArrastando] = useState(false);
  const entradaArquivo = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const filtro = { ...(situacao ? { situacao: situacao as SituacaoEntrada } : {}), ...(busca.trim() ? { busca: busca.trim() } : {}) };
  const lista = useQuery({ queryKey: entradaKeys.lista(empresa, filtro), queryFn: ({ signal }) => entradaApi.listar(filtro, signal), enabled: Boolean(empresa) && !aberta });

  const importar = useMutation({
    mutationFn: async (arquivos: File[]) => entradaApi.importar(await Promise.all(arquivos.map(arquivoParaImportacao))),
    onSuccess: (r) => {
      setResultado(r);
      void queryClient.invalidateQueries({ queryKey: entradaKeys.todos(empresa) });
      const pendentes = r.filter((x) => x.situacao === 'pendente').length;
      if (pendentes) notifications.show({ color: 'green', message: t('entradaNotaFiscal.sucessoImportar', { pendentes }) });
    },
    onError: (erro: Error) => notifications.show({ color: 'red', message: erro.message }),
  });
  const enviar = (arquivos: FileList | null) => {
    if (arquivos?.length) importar.mutate(Array.from(arquivos));
  };
  const soltar = (e: DragEvent) => {
    e.preventDefault();
    setArrastando(false);
    enviar(e.dataTransfer.files);
  };

  if (aberta) return <EntradaDetalhe id={aberta} onVoltar={() => setAberta(null)} />;

  const colunas: Record<string, Campo> = {
    emissaoTexto: { rotulo: t('entradaNotaFiscal.emissao'), tipo: 'texto' },
    numero: { rotulo: t('entradaNotaFiscal.numero'), tipo: 'inteiro' },
    emitenteNome: { rotulo: t('entradaNotaFiscal.fornecedor'), tipo: 'texto' },
    valorTotal: { rotulo: t('entradaNotaFiscal.valor'), tipo: 'dinheiro' },
    itensTexto: { rotulo: t('entradaNotaFiscal.itens'), tipo: 'texto' },
    situacao: { rotulo: t('entradaNotaFiscal.situacao'), tipo: 'texto' },
  };
  const registros: Registro[] = (lista.data ?? []).map((e) => ({
    ...e,
    emissaoTexto: dataBr(e.emissao.slice(0, 10)),
    itensTexto: e.itensSemProduto ? t('entradaNotaFiscal.itensFaltam', { total: e.itens, faltam: e.itensSemProduto }) : String(e.itens),
  }));
  const celula = (coluna: string, linha: Registro) => {
    const e = linha as unknown as EntradaListada;
    if (coluna === 'emitenteNome')
      return (
        <Button variant="subtle" size="compact-sm" px={4} onClick={() => setAberta(e._id)} data-testid="entrada-abrir" styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
          {e.emitenteNome}
        </Button>
      );
    if (coluna === 'situacao')
      return (
        <Badge color={corSituacao[e.situacao]} variant="light" data-testid="entrada-situacao">
          {t(`entradaNotaFiscal.situacao_${e.situacao}`)}
        </Badge>
      );
    return undefined;
  };

  return (
    <PaginaRelatorio
      testid="entrada-nota-fiscal"
      titulo={t('entradaNotaFiscal.titulo')}
      explicacao={t('entradaNotaFiscal.explicacao')}
      acoes={
        pode('entradaNotaFiscal', 'criar') ? (
          <>
            <input ref={entradaArquivo} type="file" multiple accept=".xml,.zip,application/xml,text/xml,application/zip" hidden data-testid="entrada-arquivos" onChange={(e) => { enviar(e.currentTarget.files); e.currentTarget.value = ''; }} />
            <Button leftSection={<IconFileImport size={16} />} loading={importar.isPending} onClick={() => entradaArquivo.current?.click()} data-testid="entrada-importar">
              {t('entradaNotaFiscal.importar')}
            </Button>
          </>
        ) : undefined
      }
    >
      {pode('entradaNotaFiscal', 'criar') ? (
        <Paper
          withBorder
          radius="md"
          p="lg"
          ta="center"
          style={{ borderStyle: 'dashed', background: arrastando ? 'var(--mantine-color-blue-light)' : undefined }}
          onDragOver={(e) => { e.preventDefault(); setArrastando(true); }}
          onDragLeave={() => setArrastando(false)}
          onDrop={soltar}
          data-testid="entrada-soltar"
        >
          <Text c="dimmed" size="sm">
            {importar.isPending ? t('entradaNotaFiscal.importando', { n: importar.variables?.length ?? 0 }) : t('entradaNotaFiscal.soltarAqui')}
          </Text>
        </Paper>
      ) : null}

      {resultado ? (
        <Paper withBorder radius="md" p="md" data-testid="entrada-resultado">
          <Text fw={600} mb="xs">{t('entradaNotaFiscal.resultadoTitulo')}</Text>
          <Stack gap="xs">
            {resultado.map((r, i) => (
              <Group key={`${r.nome}-${i}`} justify="space-between" align="flex-start" wrap="wrap" data-testid="entrada-resultado-arquivo">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>{r.nome}</Text>
                  {r.motivo ? <Text size="xs" c="dimmed" data-testid="entrada-resultado-motivo">{r.motivo}</Text> : null}
                  {r.avisos.map((a) => <Text key={a} size="xs" c="orange">{a}</Text>)}
                </div>
                <Group gap="xs" wrap="nowrap">
                  {r.valorTotal ? <Text size="sm">{reais(r.valorTotal)}</Text> : null}
                  <Badge color={corSituacao[r.situacao]} variant="light" data-testid="entrada-resultado-situacao">{t(`entradaNotaFiscal.situacao_${r.situacao}`)}</Badge>
                  {r.entrada ? <Button size="compact-xs" variant="light" onClick={() => setAberta(r.entrada!)} data-testid="entrada-resultado-abrir">{t('entradaNotaFiscal.abrir')}</Button> : null}
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}

      <Group gap="sm" align="flex-end">
        <Select
          label={t('entradaNotaFiscal.situacao')}
          placeholder={t('entradaNotaFiscal.todas')}
          data={(['pendente', 'lancada', 'estornada', 'cancelada'] as const).map((s) => ({ value: s, label: t(`entradaNotaFiscal.situacao_${s}`) }))}
          value={situacao}
          onChange={(v) => setSituacao(v)}
          clearable
          w={200}
          data-testid="entrada-filtro-situacao"
        />
        <TextInput label={t('entradaNotaFiscal.busca')} value={busca} onChange={(e) => setBusca(e.currentTarget.value)} w={300} data-testid="entrada-busca" />
      </Group>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('entradaNotaFiscal.nenhuma')} vazioAjuda={t('entradaNotaFiscal.nenhumaAjuda')}>
        {() => (
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="entrada-lista" linhaTestid="entrada-linha" minWidth={760} />
          </Paper>
        )}
      </EstadoRelatorio>
      {importar.error ? <Alert color="red">{importar.error.message}</Alert> : null}
    </PaginaRelatorio>
  );
}
