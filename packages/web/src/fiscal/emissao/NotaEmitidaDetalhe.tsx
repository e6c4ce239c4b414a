import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { notaEditavel, reais, type NotaEmitida } from '@retaguarda/domain';
import { IconDownload, IconFileTypePdf, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { EventosEmissao } from '../eventos/EventosEmissao.tsx';
import { corSituacaoNota, emissaoApi, emissaoKeys, urlXml } from './emissaoApi.ts';
import { NotaEmitidaForm } from './NotaEmitidaForm.tsx';

/** "12.3450000000" as the screen shows a decimal: comma, no trailing zeros beyond `minimo` places. */
function decimalBr(t: string, minimo = 0): string {
  const [i = '0', f = ''] = t.split('.');
  const casas = f.replace(/0+$/, '').padEnd(minimo, '0');
  return casas ? `${i},${casas}` : i;
}

/** One issued note: SEFAZ's answer (authorised, rejected with cStat/xMotivo, waiting in the queue), items with taxes, totals, Emitir and the XMLs. */
export function NotaEmitidaDetalhe({ id, onVoltar }: { id: string; onVoltar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const [editando, setEditando] = useState(false);
  const nota = useQuery({ queryKey: emissaoKeys.detalhe(empresa, id), queryFn: ({ signal }) => emissaoApi.detalhe(id, signal) });
  const atualizar = (n: NotaEmitida) => {
    queryClient.setQueryData(emissaoKeys.detalhe(empresa, id), n);
    void queryClient.invalidateQueries({ queryKey: emissaoKeys.todos(empresa), predicate: (q) => q.queryKey[2] === 'lista' });
  };
  const emitir = useMutation({
    mutationFn: () => emissaoApi.emitir(id),
    onSuccess: (n) => {
      atualizar(n);
      notifications.show({ color: corSituacaoNota[n.situacao], message: t(`emissaoNota.resultado_${n.situacao}`, { numero: n.numero, cStat: n.cStat, xMotivo: n.xMotivo }) });
    },
  });

  if (nota.isPending) return <Loader />;
  if (nota.error) return <Alert color="red">{nota.error.message}</Alert>;
  const n = nota.data;
  if (editando) return <NotaEmitidaForm nota={n} onPronta={(x) => { atualizar(x); setEditando(false); }} onVoltar={() => setEditando(false)} />;
  const podeEmitir = pode('emissaoNotaFiscal', 'editar') && (notaEditavel(n.situacao) || n.situacao === 'contingencia');

  return (
    <Stack gap="md" data-testid="emissao-detalhe">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2}>{n.numero ? t('emissaoNota.tituloNumero', { numero: n.numero, serie: n.serie }) : t('emissaoNota.tituloRascunho')}</Title>
          <Badge color={corSituacaoNota[n.situacao]} variant="light" size="lg" data-testid="emissao-detalhe-situacao">{t(`emissaoNota.situacao_${n.situacao}`)}</Badge>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onVoltar}>{t('emissaoNota.voltar')}</Button>
          {notaEditavel(n.situacao) && pode('emissaoNotaFiscal', 'editar') ? <Button variant="light" onClick={() => setEditando(true)} data-testid="emissao-editar">{t('emissaoNota.editar')}</Button> : null}
          {n.temXml ? <Button component="a" href={urlXml(n._id, 'xml')} variant="light" leftSection={<IconDownload size={16} />} data-testid="emissao-baixar-xml">{t('emissaoNota.baixarXml')}</Button> : null}
          {n.temProcNFe ? <Button component="a" href={urlXml(n._id, 'danfe')} target="_blank" variant="light" leftSection={<IconFileTypePdf size={16} />} data-testid="emissao-danfe">DANFE</Button> : null}
          {n.temProcNFe ? <Button component="a" href={urlXml(n._id, 'procNFe')} variant="light" leftSection={<IconDownload size={16} />} data-testid="emissao-baixar-proc">{t('emissaoNota.baixarProc')}</Button> : null}
          {podeEmitir ? (
            <Button leftSection={<IconSend size={16} />} onClick={() => emitir.mutate()} loading={emitir.isPending} data-testid="emissao-emitir">
              {n.situacao === 'contingencia' ? t('emissaoNota.tentarAgora') : t('emissaoNota.emitir')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {n.situacao === 'rejeitada' ? (
        <Alert color="red" title={t('emissaoNota.rejeitadaTitulo', { cStat: n.cStat })} data-testid="emissao-rejeicao">
          <Text size="sm">{n.xMotivo}</Text>
          <Text size="sm" mt={4}>{t('emissaoNota.rejeitadaAjuda')}</Text>
        </Alert>
      ) : null}
      {n.situacao === 'contingencia' ? (
        <Alert color="orange" title={t('emissaoNota.contingenciaTitulo')} data-testid="emissao-contingencia">
          <Text size="sm">{t('emissaoNota.contingenciaAjuda', { tentativas: n.tentativas, proxima: dataHora(n.proximaTentativaEm) })}</Text>
          {n.ultimoErro ? <Text size="xs" c="dimmed" mt={4}>{n.ultimoErro}</Text> : null}
        </Alert>
      ) : null}
      {n.situacao === 'enviada' ? <Alert color="blue">{t('emissaoNota.enviadaAjuda')}</Alert> : null}
      {emitir.error ? <Alert color="red" data-testid="emissao-erro">{emitir.error.message}</Alert> : null}

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Campo rotulo={t('emissaoNota.tipo')} valor={t(`emissaoNota.tipo_${n.tipo}`)} />
          <Campo rotulo={t('emissaoNota.natureza')} valor={n.naturezaOperacao} />
          <Campo rotulo={t('emissaoNota.destinatario')} valor={`${n.destinatario.nome} · ${n.destinatario.documento} · ${n.destinatario.uf}`} />
          {n.chave ? <Campo rotulo={t('emissaoNota.chave')} valor={n.chave.replace(/(.{4})/g, '$1 ').trim()} testid="emissao-chave" /> : null}
          {n.protocolo ? <Campo rotulo={t('emissaoNota.protocolo')} valor={`${n.protocolo} · ${dataHora(n.autorizadaEm)}`} testid="emissao-protocolo" /> : null}
          {n.referencia ? <Campo rotulo={t('emissaoNota.referencia')} valor={n.referencia} /> : null}
          {n.emitidaEm ? <Campo rotulo={t('emissaoNota.emitidaEm')} valor={dataHora(n.emitidaEm)} /> : null}
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table striped miw={860} data-testid="emissao-detalhe-itens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('emissaoNota.produto')}</Table.Th>
              <Table.Th>CFOP</Table.Th>
              <Table.Th ta="right">{t('emissaoNota.quantidade')}</Table.Th>
              <Table.Th ta="right">{t('emissaoNota.valorUnitario')}</Table.Th>
              <Table.Th ta="right">{t('emissaoNota.valorProduto')}</Table.Th>
              <Table.Th ta="right">ICMS</Table.Th>
              <Table.Th ta="right">ICMS ST</Table.Th>
              <Table.Th ta="right">IPI</Table.Th>
              <Table.Th ta="right">IBS/CBS</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {n.itens.map((i, k) => (
              <Table.Tr key={k}>
                <Table.Td>{i.descricao}</Table.Td>
                <Table.Td>{i.cfop}</Table.Td>
                <Table.Td ta="right">{decimalBr(i.quantidade)} {i.unidade}</Table.Td>
                <Table.Td ta="right">R$ {decimalBr(i.valorUnitario, 2)}</Table.Td>
                <Table.Td ta="right">{reais(i.valor)}</Table.Td>
                <Table.Td ta="right">{reais(i.icms)}</Table.Td>
                <Table.Td ta="right">{reais(i.st)}</Table.Td>
                <Table.Td ta="right">{reais(i.ipi)}</Table.Td>
                <Table.Td ta="right">{reais(i.ibs + i.cbs)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      <Paper withBorder radius="md" p="md" data-testid="emissao-totais">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <Campo rotulo={t('emissaoNota.totalProdutos')} valor={reais(n.totais.vProd ?? 0)} />
          <Campo rotulo="ICMS" valor={reais(n.totais.vICMS ?? 0)} />
          <Campo rotulo="ICMS ST" valor={reais(n.totais.vST ?? 0)} />
          <Campo rotulo="IPI" valor={reais(n.totais.vIPI ?? 0)} />
          <Campo rotulo="IBS / CBS" valor={`${reais(n.totais.vIBS ?? 0)} / ${reais(n.totais.vCBS ?? 0)}`} />
          <Campo rotulo={t('emissaoNota.totalNota')} valor={reais(n.valorTotal)} forte testid="emissao-total" />
        </SimpleGrid>
        {n.informacoesComplementares ? <Text size="sm" c="dimmed" mt="sm">{n.informacoesComplementares}</Text> : null}
      </Paper>

      {n.situacao === 'autorizada' || n.situacao === 'cancelada' ? <EventosEmissao nota={n} /> : null}
      {n.origem ? (
        <Text size="sm" c="dimmed">
          {t(`emissaoNota.origem_${n.origem.tipo}`)}{' '}
          <Anchor href={n.origem.tipo === 'transferencia' ? `/estoqueTransferenciaLojas?transferencia=${n.origem.id}` : `/entradaNotaFiscal?entrada=${n.origem.id}`} size="sm">{t('emissaoNota.abrirOrigem')}</Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

function Campo({ rotulo, valor, forte, testid }: { rotulo: string; valor: string; forte?: boolean; testid?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{rotulo}</Text>
      <Text size="sm" fw={forte ? 700 : 500} style={{ wordBreak: 'break-word' }} data-testid={testid}>{valor}</Text>
    </div>
  );
}
