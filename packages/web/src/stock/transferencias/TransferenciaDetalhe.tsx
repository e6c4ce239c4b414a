import { Alert, Badge, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { qtd, reais, rotulosStatusTransferenciaLojas } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { formatCusto, formatQtd, lerQuantidade } from '../formatoEstoque.ts';
import { PassosDoDocumento } from './PassosDoDocumento.tsx';
import { TransferenciaForm } from './TransferenciaForm.tsx';
import { transferenciasApi, transferenciasKeys, type Transferencia } from './transferenciasApi.ts';
import { GerarNotaFiscal } from '../../fiscal/emissao/GerarNotaFiscal.tsx';

export const corStatusTransferencia: Record<Transferencia['status'], string> = { rascunho: 'gray', enviada: 'yellow', recebida: 'green', cancelada: 'red' };

/** A received quantity typed (zero allowed: nothing of that line came). */
const lerRecebida = (texto: string) => (/^\s*0+([.,]0*)?\s*$/.test(texto) ? '0' : lerQuantidade(texto));

/**
 * One transfer between stores: its lines with the unit cost (from the price table or the average), the
 * steps with who and when, and what this store may do now: the sender edits or sends a draft, cancels it or reverses
 * it in transit; the receiver confirms what arrived, line by line, into one of its locations.
 */
export function TransferenciaDetalhe({ id, onFechar }: { id: string; onFechar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const consulta = useQuery({ queryKey: [...transferenciasKeys.todos(empresa), 'detalhe', id], queryFn: ({ signal }) => transferenciasApi.detalhe(id, signal) });
  const locais = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];
  const [recebendo, setRecebendo] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const [recebidas, setRecebidas] = useState<Record<number, string>>({});
  const [motivo, setMotivo] = useState('');
  const [cancelando, setCancelando] = useState(false);
  const [editando, setEditando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const feito = (tr: Transferencia, mensagem: string) => {
    queryClient.setQueryData([...transferenciasKeys.todos(empresa), 'detalhe', id], tr);
    void queryClient.invalidateQueries({ queryKey: transferenciasKeys.todos(empresa) });
    void queryClient.invalidateQueries({ queryKey: ['pedidosTransferencia'] });
    notifications.show({ color: 'green', message: mensagem });
    setRecebendo(false);
    setCancelando(false);
    setEditando(false);
    setErro(null);
  };
  const falhou = (e: unknown) => setErro(isApiError(e) || e instanceof Error ? e.message : String(e));
  const enviar = useMutation({ mutationFn: () => transferenciasApi.enviar(id), onSuccess: (tr) => feito(tr, t('transferencias.enviadaAviso', { numero: tr.numero })), onError: falhou });
  const cancelar = useMutation({ mutationFn: () => transferenciasApi.cancelar(id, motivo), onSuccess: (tr) => feito(tr, t('transferencias.canceladaAviso', { numero: tr.numero })), onError: falhou });
  const receber = useMutation({
    mutationFn: (tr: Transferencia) => {
      const itens = tr.itens.flatMap((l, linha) => {
        const texto = recebidas[linha];
        if (texto === undefined) return [];
        const q = lerRecebida(texto);
        if (q === null) throw new Error(t('transferencias.recebidaInvalida', { linha: linha + 1 }));
        return [{ linha, quantidadeRecebida: q }];
      });
      if (!local) throw new Error(t('transferencias.escolhaLocal'));
      return transferenciasApi.receber(id, { local, observacao: null, itens });
    },
    onSuccess: (tr) => feito(tr, t('transferencias.recebidaAviso', { numero: tr.numero })),
    onError: falhou,
  });
  const tr = consulta.data;
  const editar = pode('estoqueTransferenciaLojas', 'editar');

  return (
    <Modal opened onClose={onFechar} size="xl" title={tr ? t('transferencias.tituloDetalhe', { numero: tr.numero }) : t('transferencias.carregando')} data-testid="transferencia-detalhe">
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {tr && editando ? (
        <TransferenciaForm
          rascunho={tr}
          onCancelar={() => setEditando(false)}
          onSalva={(salva) => feito(salva, salva.status === 'enviada' ? t('transferencias.enviadaAviso', { numero: salva.numero }) : t('transferencias.rascunhoAviso', { numero: salva.numero }))}
        />
      ) : null}
      {tr && !editando ? (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={600} data-testid="transferencia-rota">
                {t('transferencias.deParaLojas', { origem: tr.empresaOrigemNome ?? '', destino: tr.empresaDestinoNome ?? '' })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('transferencias.deParaLocais', { origem: tr.localOrigemDescricao ?? '', destino: tr.localDestinoDescricao ?? t('transferencias.aoReceber') })}
              </Text>
              {tr.pedidoNumero ? <Text size="sm">{t('transferencias.doPedido', { numero: tr.pedidoNumero })}</Text> : null}
            </div>
            <Badge color={corStatusTransferencia[tr.status]} variant="light" size="lg" data-testid="transferencia-status">
              {rotulosStatusTransferenciaLojas[tr.status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PassosDoDocumento
              testid="transferencia-passos"
              passos={[
                { rotulo: t('transferencias.passoCriada'), quando: tr.criadoEm, por: tr.criadoPor },
                { rotulo: t('transferencias.passoEnviada'), quando: tr.enviadoEm, por: tr.enviadoPor },
                tr.status === 'cancelada'
                  ? { rotulo: t('transferencias.passoCancelada'), quando: tr.canceladoEm, por: tr.canceladoPor, detalhe: tr.motivoCancelamento }
                  : { rotulo: t('transferencias.passoRecebida'), quando: tr.recebidoEm, por: tr.recebidoPor, detalhe: tr.observacaoRecebimento },
              ]}
            />
            <Stack gap={4}>
              <Text size="sm">{t('transferencias.valorEnviado', { valor: reais(tr.valor) })}</Text>
              {tr.valorRecebido !== null ? <Text size="sm">{t('transferencias.valorRecebido', { valor: reais(tr.valorRecebido) })}</Text> : null}
              {tr.valorDivergencia ? (
                <Text size="sm" fw={600} c="red" data-testid="transferencia-divergencia">
                  {t('transferencias.valorDivergencia', { valor: reais(tr.valorDivergencia) })}
                </Text>
              ) : null}
              {tr.observacao ? <Text size="sm">{tr.observacao}</Text> : null}
            </Stack>
          </SimpleGrid>
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="transferencia-linhas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transferencias.produto')}</Table.Th>
                  <Table.Th ta="right">{t('transferencias.enviado')}</Table.Th>
                  <Table.Th ta="right">{t('transferencias.custoUnitario')}</Table.Th>
                  <Table.Th ta="right">{t('transferencias.valor')}</Table.Th>
                  <Table.Th ta="right">{t('transferencias.recebido')}</Table.Th>
                  <Table.Th ta="right">{t('transferencias.divergencia')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tr.itens.map((l, n) => {
                  const divergente = l.divergencia !== null && qtd(l.divergencia) !== 0n;
                  return (
                    <Table.Tr key={`${l.produto}-${n}`} data-testid="transferencia-linha">
                      <Table.Td>{l.descricao}</Table.Td>
                      <Table.Td ta="right">{formatQtd(l.quantidade, l.unidade)}</Table.Td>
                      <Table.Td ta="right">
                        {tr.status === 'rascunho' ? t('transferencias.aoEnviar') : formatCusto(l.custoUnitario)}
                        {tr.status !== 'rascunho' ? (
                          <Text size="xs" c="dimmed">
                            {l.origemCusto === 'tabela' ? t('transferencias.daTabela') : t('transferencias.doCustoMedio')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{tr.status === 'rascunho' ? '' : reais(l.valor)}</Table.Td>
                      <Table.Td ta="right">
                        {recebendo ? (
                          <TextInput
                            size="xs"
                            w={110}
                            ml="auto"
                            aria-label={t('transferencias.quantidadeRecebidaDe', { produto: l.descricao ?? '' })}
                            value={recebidas[n] ?? formatQtd(l.quantidade)}
                            onChange={(e) => setRecebidas((r) => ({ ...r, [n]: e.currentTarget.value }))}
                            data-testid="transferencia-recebida"
                          />
                        ) : (
                          formatQtd(l.quantidadeRecebida, l.unidade)
                        )}
                      </Table.Td>
                      <Table.Td ta="right" c={divergente ? 'red' : undefined} data-testid="transferencia-linha-divergencia">
                        {divergente ? `${formatQtd(l.divergencia, l.unidade)} · ${reais(l.valorDivergencia ?? 0)}` : ''}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {erro ? (
            <Alert color="red" data-testid="transferencia-erro">
              {erro}
            </Alert>
          ) : null}
          {editar && recebendo ? (
            <Group align="flex-end">
              <NativeSelect
                label={t('transferencias.localDestino')}
                data={[{ value: '', label: t('transferencias.escolhaLocal') }, ...locais]}
                value={local ?? ''}
                onChange={(e) => setLocal(e.currentTarget.value || null)}
                w={260}
                data-testid="transferencia-local-destino"
              />
              <Button onClick={() => receber.mutate(tr)} loading={receber.isPending} data-testid="transferencia-confirmar-recebimento">
                {t('transferencias.confirmarRecebimento')}
              </Button>
              <Button variant="default" onClick={() => setRecebendo(false)}>
                {t('transferencias.voltar')}
              </Button>
            </Group>
          ) : null}
          {editar && cancelando ? (
            <Group align="flex-end">
              <TextInput label={t('transferencias.motivo')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} w={320} data-testid="transferencia-motivo" />
              <Button color="red" onClick={() => cancelar.mutate()} loading={cancelar.isPending} data-testid="transferencia-confirmar-cancelamento">
                {tr.status === 'enviada' ? t('transferencias.confirmarEstorno') : t('transferencias.confirmarCancelamento')}
              </Button>
              <Button variant="default" onClick={() => setCancelando(false)}>
                {t('transferencias.voltar')}
              </Button>
            </Group>
          ) : null}
          {editar && !recebendo && !cancelando ? (
            <Group justify="flex-end">
              {tr.direcao === 'enviada' && tr.status === 'rascunho' ? (
                <Button variant="default" onClick={() => setEditando(true)} data-testid="transferencia-editar">
                  {t('transferencias.editar')}
                </Button>
              ) : null}
              {tr.direcao === 'enviada' && tr.status === 'rascunho' ? (
                <Button onClick={() => enviar.mutate()} loading={enviar.isPending} data-testid="transferencia-enviar">
                  {t('transferencias.enviar')}
                </Button>
              ) : null}
              {tr.direcao === 'enviada' && (tr.status === 'rascunho' || tr.status === 'enviada') ? (
                <Button variant="light" color="red" onClick={() => setCancelando(true)} data-testid="transferencia-cancelar">
                  {tr.status === 'enviada' ? t('transferencias.estornar') : t('transferencias.cancelar')}
                </Button>
              ) : null}
              {tr.direcao === 'enviada' && (tr.status === 'enviada' || tr.status === 'recebida') ? <GerarNotaFiscal origem="transferencia" id={tr._id} /> : null}
              {tr.direcao === 'recebida' && tr.status === 'enviada' ? (
                <Button
                  onClick={() => {
                    setRecebendo(true);
                    setLocal((atual) => atual ?? locais[0]?.value ?? null);
                  }}
                  data-testid="transferencia-receber"
                >
                  {t('transferencias.receber')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

