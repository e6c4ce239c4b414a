import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, situacoesDfe, tiposManifestacao, type Campo, type DocumentoDfeListado, type SituacaoDfe, type TipoManifestacao } from '@retaguarda/domain';
import { IconCloudDownload, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUrlParam } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { EventosDaNota } from '../eventos/EventosDaNota.tsx';
import { BaixarPelaChave } from './BaixarPelaChave.tsx';
import { corSituacaoDfe, dfeApi } from './dfeApi.ts';

/** The dialog of one manifestation: the four events, the justification only for Operação não realizada. */
function Manifestar({ doc, onFechar }: { doc: DocumentoDfeListado; onFechar: (mudou: boolean) => void }) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<TipoManifestacao>(doc.situacao === 'resumo' ? '210210' : '210200');
  const [justificativa, setJustificativa] = useState('');
  const enviar = useMutation({
    mutationFn: () => dfeApi.manifestar(doc._id, { tpEvento: tipo, ...(tipo === '210240' ? { justificativa } : {}) }),
    onSuccess: (r) => {
      notifications.show(r.aceita ? { color: 'green', message: t('baixarNotas.manifestada', { protocolo: r.protocolo ?? '' }) } : { color: 'red', message: t('baixarNotas.recusada', r) });
      onFechar(true);
    },
  });
  return (
    <Modal opened onClose={() => onFechar(false)} title={t('baixarNotas.manifestarTitulo')} data-testid="dfe-manifestar-dialogo">
      <Stack>
        <Text size="sm">{doc.emitenteNome}</Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{doc.chave}</Text>
        <Select label={t('baixarNotas.tipo')} data={tiposManifestacao.map((v) => ({ value: v, label: t(`baixarNotas.tipo_${v}`) }))} value={tipo} onChange={(v) => v && setTipo(v as TipoManifestacao)} allowDeselect={false} data-testid="dfe-manifestar-tipo" />
        {tipo === '210240' ? <Textarea label={t('baixarNotas.justificativa')} value={justificativa} onChange={(e) => setJustificativa(e.currentTarget.value)} maxLength={255} data-testid="dfe-manifestar-justificativa" /> : null}
        {enviar.error ? <Alert color="red" data-testid="dfe-manifestar-erro">{enviar.error.message}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={() => enviar.mutate()} loading={enviar.isPending} data-testid="dfe-manifestar-enviar">{t('baixarNotas.enviar')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * baixarNotas: the notes SEFAZ has for the store's CNPJ (DF-e), with their status (resumo, manifestado,
 * XML completo, lançado); download now (the server keeps SEFAZ's hour), manifest, open the full XML in
 * entradaNotaFiscal.
 */
export default function BaixarNotasPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [situacao, setSituacao] = useUrlParam('situacao');
  const [manifestando, setManifestando] = useState<DocumentoDfeListado | null>(null);
  const [pelaChave, setPelaChave] = useState(false);
  const [eventosDe, setEventosDe] = useState<DocumentoDfeListado | null>(null);
  const filtro = situacao ? { situacao: situacao as SituacaoDfe } : {};
  const controle = useQuery({ queryKey: ['baixarNotas', empresa, 'controle'], queryFn: ({ signal }) => dfeApi.controle(signal), enabled: Boolean(empresa) });
  const lista = useQuery({ queryKey: ['baixarNotas', empresa, 'lista', filtro], queryFn: ({ signal }) => dfeApi.listar(filtro, signal), enabled: Boolean(empresa) });
  const atualizar = () => void queryClient.invalidateQueries({ queryKey: ['baixarNotas', empresa] });

  const baixar = useMutation({
    mutationFn: () => dfeApi.baixar(),
    onSuccess: (r) => {
      notifications.show(r.adiado ? { color: 'yellow', message: t('baixarNotas.adiado', { quando: dataHora(r.aguardarAte) }) } : { color: 'green', message: t('baixarNotas.resultado', { count: r.novos }) });
      atualizar();
    },
    onError: (erro: Error) => notifications.show({ color: 'red', message: erro.message }),
  });
  const entrada = useMutation({
    mutationFn: (id: string) => dfeApi.entrada(id),
    onSuccess: (r) => {
      if (r.entrada) navigate(`/entradaNotaFiscal?entrada=${encodeURIComponent(r.entrada)}`);
      else notifications.show({ color: 'red', message: r.motivo ?? r.situacao });
    },
    onError: (erro: Error) => notifications.show({ color: 'red', message: erro.message }),
  });

  const c = controle.data;
  const colunas: Record<string, Campo> = {
    emissaoTexto: { rotulo: t('baixarNotas.emissao'), tipo: 'texto' },
    emitenteNome: { rotulo: t('baixarNotas.emitente'), tipo: 'texto' },
    valor: { rotulo: t('baixarNotas.valor'), tipo: 'dinheiro' },
    situacao: { rotulo: t('baixarNotas.situacao'), tipo: 'texto' },
    acoes: { rotulo: t('baixarNotas.acoes'), tipo: 'texto' },
  };
  const registros: Registro[] = (lista.data ?? []).map((d) => ({ ...d, emissaoTexto: dataBr(d.emissao.slice(0, 10)), acoes: '' }));
  const celula = (coluna: string, linha: Registro) => {
    const d = linha as unknown as DocumentoDfeListado;
    if (coluna === 'emitenteNome')
      return (
        <div>
          <Text size="sm">{d.emitenteNome}</Text>
          <Text size="xs" c="dimmed">{d.emitenteDocumento}</Text>
        </div>
      );
    if (coluna === 'situacao')
      return (
        <Group gap={4}>
          <Badge color={corSituacaoDfe[d.situacao]} variant="light" data-testid="dfe-situacao">{t(`baixarNotas.situacao_${d.situacao}`)}</Badge>
          {d.cancelada ? <Badge color="red" variant="light">{t('baixarNotas.cancelada')}</Badge> : null}
          {d.manifestacao ? <Text size="xs" c="dimmed">{d.manifestacao.descricao}</Text> : null}
          {d.recusa ? <Text size="xs" c="red">{t('baixarNotas.recusada', d.recusa)}</Text> : null}
        </Group>
      );
    if (coluna === 'acoes')
      return (
        <Group gap={4} wrap="nowrap">
          {pode('baixarNotas', 'editar') && d.situacao !== 'lancado' ? <Button size="compact-xs" variant="light" onClick={() => setManifestando(d)} data-testid="dfe-manifestar">{t('baixarNotas.manifestar')}</Button> : null}
          {d.situacao === 'completo' && pode('entradaNotaFiscal', 'criar') ? <Button size="compact-xs" onClick={() => entrada.mutate(d._id)} loading={entrada.isPending && entrada.variables === d._id} data-testid="dfe-entrada">{t('baixarNotas.abrirEntrada')}</Button> : null}
          {d.situacao === 'lancado' && d.entrada ? <Button size="compact-xs" variant="subtle" onClick={() => navigate(`/entradaNotaFiscal?entrada=${encodeURIComponent(d.entrada!)}`)}>{t('baixarNotas.abrirEntrada')}</Button> : null}
          <Button size="compact-xs" variant="subtle" onClick={() => setEventosDe(d)} data-testid="dfe-eventos">{t('baixarNotas.eventos')}</Button>
          <Anchor size="xs" href={dfeApi.xmlUrl(d._id)} download>{t('baixarNotas.xml')}</Anchor>
        </Group>
      );
    return undefined;
  };
  const aguardando = c?.proximaConsulta && Date.parse(c.proximaConsulta) > Date.now();

  return (
    <PaginaRelatorio
      testid="baixar-notas"
      titulo={t('baixarNotas.titulo')}
      explicacao={t('baixarNotas.explicacao')}
      acoes={
        pode('baixarNotas', 'criar') ? (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconKey size={16} />} disabled={!c?.certificado} onClick={() => setPelaChave(true)} data-testid="dfe-pela-chave">
              {t('baixarNotas.pelaChave')}
            </Button>
            <Button leftSection={<IconCloudDownload size={16} />} loading={baixar.isPending} disabled={!c?.certificado} onClick={() => baixar.mutate()} data-testid="dfe-baixar">
              {t('baixarNotas.baixarAgora')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      {c ? (
        <Paper withBorder radius="md" p="sm" data-testid="dfe-controle">
          {c.certificado ? (
            <Text size="sm">{t('baixarNotas.certificado', { cnpj: c.certificado.cnpj ?? '', validade: dataBr(c.certificado.validade.slice(0, 10)) })}</Text>
          ) : (
            <Alert color="yellow" data-testid="dfe-sem-certificado">{t('baixarNotas.semCertificado')}</Alert>
          )}
          <Text size="sm" c="dimmed">
            {c.ultimaConsulta ? t('baixarNotas.ultimaConsulta', { quando: dataHora(c.ultimaConsulta), nsu: Number(c.ultNSU), motivo: `${c.cStat ?? ''} ${c.xMotivo ?? ''}`.trim() }) : t('baixarNotas.nuncaConsultado')}
          </Text>
          {aguardando ? <Text size="sm" c="orange" data-testid="dfe-aguardando">{t('baixarNotas.aguardando', { quando: dataHora(c.proximaConsulta) })}</Text> : null}
        </Paper>
      ) : null}
      <Group gap="sm" align="flex-end">
        <Select
          label={t('baixarNotas.situacao')}
          placeholder={t('baixarNotas.todas')}
          data={situacoesDfe.map((s) => ({ value: s, label: t(`baixarNotas.situacao_${s}`) }))}
          value={situacao}
          onChange={(v) => setSituacao(v)}
          clearable
          w={220}
          data-testid="dfe-filtro-situacao"
        />
      </Group>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('baixarNotas.nenhuma')} vazioAjuda={t('baixarNotas.nenhumaAjuda')}>
        {() => (
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="dfe-lista" linhaTestid="dfe-linha" minWidth={820} />
          </Paper>
        )}
      </EstadoRelatorio>
      {pelaChave ? (
        <BaixarPelaChave
          onFechar={(mudou) => {
            setPelaChave(false);
            if (mudou) atualizar();
          }}
        />
      ) : null}
      {eventosDe ? (
        <Modal opened onClose={() => setEventosDe(null)} title={t('baixarNotas.eventosTitulo', { emitente: eventosDe.emitenteNome })} size="xl" data-testid="dfe-eventos-dialogo">
          <EventosDaNota rota={dfeApi.eventosRota(eventosDe._id)} titulo={false} />
        </Modal>
      ) : null}
      {manifestando ? (
        <Manifestar
          doc={manifestando}
          onFechar={(mudou) => {
            setManifestando(null);
            if (mudou) atualizar();
          }}
        />
      ) : null}
    </PaginaRelatorio>
  );
}
