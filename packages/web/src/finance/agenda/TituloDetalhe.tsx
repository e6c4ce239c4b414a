import { Alert, Anchor, Badge, Button, FileButton, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, TAMANHO_MAXIMO_ANEXO, tiposAnexo, type Parcela } from '@retaguarda/domain';
import { IconArrowBackUp, IconPencil, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogoEstorno } from '../../app/DialogoEstorno.tsx';
import { formatCentavos } from '../../resources/format.ts';
import { lerBase64, urlArquivo } from '../../resources/ImagemInput.tsx';
import { TituloSecao } from '../../resources/TituloSecao.tsx';
import { useGeral } from '../../session/store.ts';
import { agendaApi, agendaKeys, corStatus } from './agendaApi.ts';
import { BaixaForm } from './BaixaForm.tsx';
import { TituloEdicao } from './TituloEdicao.tsx';

// A browser may call an XML text/xml: it is sent as application/xml.
const TIPOS_ANEXO: readonly string[] = [...tiposAnexo, 'text/xml'];

/**
 * One título: its installments (settle one), settlements (reverse one), attachments, editing and cancelling it.
 * After a change `onMudou` invalidates the agenda's key, which covers this título's query: it reads again from there.
 */
export function TituloDetalhe({ id, hoje, baixarParcela, setBaixarParcela, onMudou }: { id: string; hoje: string; baixarParcela: string | null; setBaixarParcela: (p: string | null) => void; onMudou: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({ queryKey: [...agendaKeys.todas(empresa), 'titulo', id], queryFn: ({ signal }) => agendaApi.titulo(id, signal) });
  const [estornarId, setEstornarId] = useState<string | null>(null);
  const [cancelar, setCancelar] = useState(false);
  const [editando, setEditando] = useState(false);
  const [erroAnexo, setErroAnexo] = useState<string | null>(null);
  const estornar = useMutation({
    mutationFn: ({ baixa, motivo }: { baixa: string; motivo: string }) => agendaApi.estornar(baixa, motivo),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('agenda.estornadoOk') });
      setEstornarId(null);
      onMudou();
    },
  });
  const cancelamento = useMutation({
    mutationFn: (motivo: string) => agendaApi.cancelar(id, motivo),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('agenda.canceladoOk') });
      setCancelar(false);
      onMudou();
    },
  });
  const anexo = useMutation({
    mutationFn: async (arquivo: File) => {
      const tipo = arquivo.type === 'text/xml' ? 'application/xml' : arquivo.type;
      return agendaApi.anexar(id, { nome: arquivo.name, tipo, conteudo: await lerBase64(arquivo) });
    },
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('agenda.anexadoOk') });
      onMudou();
    },
    onError: (e) => setErroAnexo(e.message),
  });
  const remover = useMutation({ mutationFn: (arquivo: string) => agendaApi.desanexar(id, arquivo), onSuccess: onMudou });
  const titulo = consulta.data;
  if (!titulo) return consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null;
  const parcela: Parcela | undefined = titulo.parcelas.find((p) => p._id === baixarParcela);
  const baixa = titulo.baixas.find((b) => b._id === estornarId);
  const ativo = !titulo.canceladoEm;
  const escolher = (arquivo: File | null) => {
    setErroAnexo(null);
    if (!arquivo) return;
    if (!TIPOS_ANEXO.includes(arquivo.type)) return setErroAnexo(t('agenda.anexoTipo'));
    if (arquivo.size > TAMANHO_MAXIMO_ANEXO) return setErroAnexo(t('agenda.anexoGrande'));
    anexo.mutate(arquivo);
  };

  if (editando) return <TituloEdicao key={titulo._id} titulo={titulo} onSalvo={() => { setEditando(false); onMudou(); }} onCancelar={() => setEditando(false)} />;

  return (
    <Stack gap="md" data-testid="agenda-titulo">
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">{[titulo.pessoaNome, titulo.planoContaNome, titulo.documento].filter(Boolean).join(' · ')}</Text>
          {ativo ? <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditando(true)} data-testid="agenda-editar">{t('agenda.editar')}</Button> : null}
        </Group>
        <Text size="sm" fw={600} data-testid="agenda-titulo-total">{t('agenda.totalTitulo')}: {formatCentavos(titulo.parcelas.reduce((s, p) => s + p.valor, 0))}</Text>
        <Text size="sm" c="dimmed" data-testid="agenda-titulo-datas">{t('agenda.emissao')}: {dataBr(titulo.emissao)} · {t('agenda.competencia')}: {dataBr(titulo.competencia)}</Text>
        {titulo.canceladoEm ? <Alert color="gray">{t('agenda.cancelado', { data: dataBr(titulo.canceladoEm.slice(0, 10)), motivo: titulo.motivoCancelamento })}</Alert> : null}
      </Stack>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('agenda.parcela')}</Table.Th>
            <Table.Th>{t('agenda.vencimento')}</Table.Th>
            <Table.Th ta="right">{t('agenda.valor')}</Table.Th>
            <Table.Th ta="right">{t('agenda.aberto')}</Table.Th>
            <Table.Th>{t('agenda.situacao')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {titulo.parcelas.map((p) => (
            <Table.Tr key={p._id} data-testid="agenda-titulo-parcela">
              <Table.Td>{p.numero}/{titulo.parcelas.length}</Table.Td>
              <Table.Td>{dataBr(p.vencimento)}</Table.Td>
              <Table.Td ta="right">{formatCentavos(p.valor)}</Table.Td>
              <Table.Td ta="right">{formatCentavos(p.aberto)}</Table.Td>
              <Table.Td><Badge color={corStatus[p.status]} variant="light" data-testid="agenda-status">{t(`agenda.status.${p.status}`)}</Badge></Table.Td>
              <Table.Td>{ativo && p.aBaixar > 0 ? <Button size="compact-sm" variant="light" onClick={() => setBaixarParcela(p._id)} data-testid="agenda-baixar">{t('agenda.baixar')}</Button> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <TituloSecao>{t('agenda.baixas')}</TituloSecao>
      {titulo.baixas.length ? (
        <Table striped>
          <Table.Tbody>
            {titulo.baixas.map((b) => (
              <Table.Tr key={b._id} data-testid="agenda-titulo-baixa">
                <Table.Td>
                  {dataBr(b.data)}
                  {/* Dated after today: scheduled, not paid yet (the open amount and the aging still count it). */}
                  {b.data > hoje && !b.estornoDe && !b.estornadoPor ? <Badge ml={6} color="grape" variant="light" data-testid="agenda-baixa-agendada">{t('agenda.baixaAgendada')}</Badge> : null}
                </Table.Td>
                <Table.Td>{b.contaNome}</Table.Td>
                <Table.Td ta="right">{formatCentavos(b.total)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {[b.juros && `${t('agenda.juros')} ${formatCentavos(b.juros)}`, b.multa && `${t('agenda.multa')} ${formatCentavos(b.multa)}`, b.desconto && `${t('agenda.desconto')} ${formatCentavos(b.desconto)}`, b.motivo].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {b.estornoDe ? <Badge color="gray" variant="light">{t('agenda.estorno')}</Badge> : b.estornadoPor ? <Badge color="red" variant="light">{t('agenda.estornada')}</Badge> : (
                    <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconArrowBackUp size={14} />} onClick={() => setEstornarId(b._id)} data-testid="agenda-estornar">{t('agenda.estornar')}</Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : <Text size="sm" c="dimmed">{t('agenda.semBaixas')}</Text>}

      <TituloSecao>{t('agenda.anexos')}</TituloSecao>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          {titulo.anexos.length ? titulo.anexos.map((a) => (
            <Group key={a._id} justify="space-between" data-testid="agenda-anexo">
              <Anchor href={urlArquivo(a._id)} target="_blank" rel="noopener">{a.nome}</Anchor>
              <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => remover.mutate(a._id)}>{t('agenda.remover')}</Button>
            </Group>
          )) : <Text size="sm" c="dimmed">{t('agenda.semAnexos')}</Text>}
          <FileButton onChange={escolher} accept={TIPOS_ANEXO.join(',')}>
            {(props) => <Button {...props} variant="light" leftSection={<IconPaperclip size={16} />} loading={anexo.isPending} w="fit-content" data-testid="agenda-anexar">{t('agenda.anexar')}</Button>}
          </FileButton>
          {erroAnexo ? <Alert color="red">{erroAnexo}</Alert> : null}
        </Stack>
      </Paper>
      {ativo && titulo.baixas.every((b) => b.estornoDe || b.estornadoPor) ? (
        <Group justify="flex-end" pb="md">
          <Button variant="subtle" color="red" onClick={() => setCancelar(true)} data-testid="agenda-cancelar">{t('agenda.cancelarTitulo')}</Button>
        </Group>
      ) : null}

      <Modal opened={Boolean(parcela)} onClose={() => setBaixarParcela(null)} title={parcela ? t('agenda.baixarTitulo', { parcela: `${parcela.numero}/${titulo.parcelas.length}`, descricao: titulo.descricao }) : ''} size="lg">
        {parcela ? <BaixaForm key={parcela._id} titulo={titulo} parcela={parcela} hoje={hoje} onBaixado={() => { setBaixarParcela(null); onMudou(); }} /> : null}
      </Modal>
      <DialogoEstorno
        key={`e${estornarId ?? ''}`}
        opened={Boolean(baixa)}
        title={t('agenda.estornarTitulo')}
        texto={baixa ? t('agenda.estornarTexto', { valor: formatCentavos(baixa.total), data: dataBr(baixa.data) }) : ''}
        okLabel={t('agenda.estornar')}
        cancelLabel={t('agenda.voltar')}
        motivoLabel={t('agenda.motivo')}
        motivoCurto={t('agenda.motivoCurto')}
        erro={estornar.error?.message ?? null}
        onLimparErro={estornar.reset}
        okLoading={estornar.isPending}
        onCancel={() => { setEstornarId(null); estornar.reset(); }}
        onConfirmar={(motivo) => baixa && estornar.mutate({ baixa: baixa._id, motivo })}
        prefixo="agenda"
      />
      <DialogoEstorno
        key={`c${cancelar}`}
        opened={cancelar}
        title={t('agenda.cancelarTitulo')}
        texto={t('agenda.cancelarTexto', { descricao: titulo.descricao })}
        okLabel={t('agenda.cancelarTitulo')}
        cancelLabel={t('agenda.voltar')}
        motivoLabel={t('agenda.motivo')}
        motivoCurto={t('agenda.motivoCurto')}
        erro={cancelamento.error?.message ?? null}
        onLimparErro={cancelamento.reset}
        okLoading={cancelamento.isPending}
        onCancel={() => { setCancelar(false); cancelamento.reset(); }}
        onConfirmar={(motivo) => cancelamento.mutate(motivo)}
        prefixo="agenda-cancelar"
      />
    </Stack>
  );
}
