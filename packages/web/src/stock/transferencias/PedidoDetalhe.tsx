import { Alert, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { qtd, rotulosStatusPedidoTransferencia } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { formatQtd, lerQuantidade } from '../formatoEstoque.ts';
import { PassosDoDocumento, type Passo } from './PassosDoDocumento.tsx';
import { TransferenciaDetalhe } from './TransferenciaDetalhe.tsx';
import { pedidosApi, type PedidoTransferencia } from './transferenciasApi.ts';

export const corStatusPedido: Record<PedidoTransferencia['status'], string> = { solicitado: 'yellow', aprovado: 'blue', enviado: 'grape', recebido: 'green', recusado: 'red', cancelado: 'gray' };

/** The steps of a request with who and when, as far as it went. */
function passosDoPedido(p: PedidoTransferencia, t: (k: string) => string): Passo[] {
  const passos: Passo[] = [{ rotulo: t('pedidosTransferencia.passoSolicitado'), quando: p.solicitadoEm, por: p.solicitadoPor }];
  if (p.status === 'recusado') return [...passos, { rotulo: t('pedidosTransferencia.passoRecusado'), quando: p.recusadoEm, por: p.recusadoPor, detalhe: p.motivo }];
  if (p.status === 'cancelado') return [...passos, { rotulo: t('pedidosTransferencia.passoCancelado'), quando: p.canceladoEm, por: p.canceladoPor, detalhe: p.motivo }];
  return [
    ...passos,
    { rotulo: t('pedidosTransferencia.passoAprovado'), quando: p.aprovadoEm, por: p.aprovadoPor },
    { rotulo: t('pedidosTransferencia.passoEnviado'), quando: p.enviadoEm, por: p.enviadoPor },
    { rotulo: t('pedidosTransferencia.passoRecebido'), quando: p.recebidoEm, por: p.recebidoPor },
  ];
}

const lerAprovada = (texto: string) => (/^\s*0+([.,]0*)?\s*$/.test(texto) ? '0' : lerQuantidade(texto));

/**
 * One transfer request, seen by the store that asked (cancel while not sent; confirm the receipt on its
 * transfer) or by the store that supplies (approve whole or in part, each changed line with its reason;
 * refuse; pick from a location and send).
 */
export function PedidoDetalhe({ id, visao, onFechar }: { id: string; visao: 'solicitante' | 'fornecedora'; onFechar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const chave = ['pedidosTransferencia', empresa ?? '', 'detalhe', id];
  const consulta = useQuery({ queryKey: chave, queryFn: ({ signal }) => pedidosApi.detalhe(visao, id, signal) });
  const locais = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];
  /** The quantities typed in the step under way (approval, or the picking), by line. */
  const [digitadas, setDigitadas] = useState<Record<number, string>>({});
  const [justificativas, setJustificativas] = useState<Record<number, string>>({});
  const [acao, setAcao] = useState<'aprovar' | 'recusar' | 'cancelar' | 'enviar' | null>(null);
  const [motivo, setMotivo] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [transferencia, setTransferencia] = useState<string | null>(null);
  const escolher = (a: typeof acao) => {
    setAcao(a);
    setDigitadas({});
    setJustificativas({});
    setErro(null);
    setErros({});
  };
  const feito = (p: PedidoTransferencia, mensagem: string) => {
    queryClient.setQueryData(chave, p);
    void queryClient.invalidateQueries({ queryKey: ['pedidosTransferencia'] });
    notifications.show({ color: 'green', message: mensagem });
    escolher(null);
  };
  const falhou = (e: unknown) => {
    setErro(isApiError(e) || e instanceof Error ? e.message : String(e));
    setErros(isApiError(e) ? (e.campos ?? {}) : {});
  };
  const p = consulta.data;
  const executar = useMutation({
    mutationFn: async (): Promise<PedidoTransferencia> => {
      // Only the lines typed go: the others stay as asked (approval) or as approved (picking).
      const linhasDigitadas = (mensagem: string) =>
        p!.itens.flatMap((_, linha) => {
          const texto = digitadas[linha];
          if (texto === undefined) return [];
          const q = lerAprovada(texto);
          if (q === null) throw new Error(t(mensagem, { linha: linha + 1 }));
          return [{ linha, quantidade: q, justificativa: justificativas[linha]?.trim() || null }];
        });
      if (acao === 'aprovar') return pedidosApi.aprovar(id, linhasDigitadas('pedidosTransferencia.aprovadaInvalida').map((l) => ({ linha: l.linha, quantidadeAprovada: l.quantidade, justificativa: l.justificativa })));
      if (acao === 'recusar') return pedidosApi.recusar(id, motivo);
      if (acao === 'cancelar') return pedidosApi.cancelar(id, motivo);
      const itens = linhasDigitadas('pedidosTransferencia.enviadaInvalida').map((l) => ({ linha: l.linha, quantidadeEnviada: l.quantidade, justificativa: l.justificativa }));
      return pedidosApi.enviar(id, local ?? locais[0]?.value ?? '', itens);
    },
    onSuccess: (r) => feito(r, t(`pedidosTransferencia.aviso_${acao}`, { numero: r.numero })),
    onError: falhou,
  });
  const tela = visao === 'solicitante' ? 'solicitacaoPedidoTransferencia' : 'estoquePedidoTransferencia';
  const editar = pode(tela, 'editar');
  const aprovando = acao === 'aprovar';
  const enviando = acao === 'enviar';
  // The server names lines by their place among those sent, which are the typed ones in order.
  const erroDaLinha = (n: number) => Object.entries(erros).find(([c]) => c.startsWith(`itens.`) && Number(c.split('.')[1]) === Object.keys(digitadas).map(Number).sort((a, b) => a - b).indexOf(n))?.[1];
  const mostrarEnviado = enviando || (p?.itens.some((l) => l.quantidadeEnviada != null) ?? false);

  // The transfer opens in place of the request (a modal over a modal loses its selects' clicks), and back.
  if (transferencia)
    return (
      <TransferenciaDetalhe
        id={transferencia}
        onFechar={() => {
          setTransferencia(null);
          void queryClient.invalidateQueries({ queryKey: chave });
        }}
      />
    );
  return (
    <Modal opened onClose={onFechar} size="xl" title={p ? t('pedidosTransferencia.tituloDetalhe', { numero: p.numero }) : t('transferencias.carregando')} data-testid="pedido-detalhe">
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {p ? (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={600}>{t('pedidosTransferencia.deParaLojas', { solicitante: p.empresaSolicitanteNome ?? '', fornecedora: p.empresaFornecedoraNome ?? '' })}</Text>
              {p.origem === 'reposicao' ? <Text size="sm" c="dimmed">{t('pedidosTransferencia.daReposicao')}</Text> : null}
              {p.observacao ? <Text size="sm">{p.observacao}</Text> : null}
            </div>
            <Badge color={corStatusPedido[p.status]} variant="light" size="lg" data-testid="pedido-status">
              {rotulosStatusPedidoTransferencia[p.status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PassosDoDocumento testid="pedido-passos" passos={passosDoPedido(p, t)} />
            <Stack gap="xs">
              {p.transferencia ? (
                <Button variant="light" onClick={() => setTransferencia(p.transferencia)} data-testid="pedido-abrir-transferencia">
                  {p.visao === 'solicitante' && p.transferenciaStatus === 'enviada' ? t('pedidosTransferencia.confirmarRecebimento', { numero: p.transferenciaNumero }) : t('pedidosTransferencia.verTransferencia', { numero: p.transferenciaNumero })}
                </Button>
              ) : null}
            </Stack>
          </SimpleGrid>
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="pedido-linhas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transferencias.produto')}</Table.Th>
                  <Table.Th ta="right">{t('pedidosTransferencia.pedido')}</Table.Th>
                  <Table.Th ta="right">{t('pedidosTransferencia.aprovado')}</Table.Th>
                  {mostrarEnviado ? <Table.Th ta="right">{t('pedidosTransferencia.enviado')}</Table.Th> : null}
                  <Table.Th>{t('pedidosTransferencia.justificativa')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.itens.map((l, n) => {
                  const diferente = l.quantidadeAprovada !== null && qtd(l.quantidadeAprovada) !== qtd(l.quantidade);
                  const enviouDiferente = l.quantidadeEnviada != null && l.quantidadeAprovada !== null && qtd(l.quantidadeEnviada) !== qtd(l.quantidadeAprovada);
                  return (
                    <Table.Tr key={`${l.produto}-${n}`} data-testid="pedido-linha">
                      <Table.Td>{l.descricao}</Table.Td>
                      <Table.Td ta="right">{formatQtd(l.quantidade, l.unidade)}</Table.Td>
                      <Table.Td ta="right" c={diferente ? 'orange' : undefined}>
                        {aprovando ? (
                          <TextInput
                            size="xs"
                            w={110}
                            ml="auto"
                            aria-label={t('pedidosTransferencia.aprovadoDe', { produto: l.descricao ?? '' })}
                            value={digitadas[n] ?? formatQtd(l.quantidade)}
                            onChange={(e) => setDigitadas((a) => ({ ...a, [n]: e.currentTarget.value }))}
                            data-testid="pedido-aprovada"
                          />
                        ) : (
                          formatQtd(l.quantidadeAprovada, l.unidade)
                        )}
                      </Table.Td>
                      {mostrarEnviado ? (
                        <Table.Td ta="right" c={enviouDiferente ? 'orange' : undefined}>
                          {enviando ? (
                            <TextInput
                              size="xs"
                              w={110}
                              ml="auto"
                              aria-label={t('pedidosTransferencia.enviadoDe', { produto: l.descricao ?? '' })}
                              value={digitadas[n] ?? formatQtd(l.quantidadeAprovada ?? l.quantidade)}
                              onChange={(e) => setDigitadas((a) => ({ ...a, [n]: e.currentTarget.value }))}
                              data-testid="pedido-enviada"
                            />
                          ) : (
                            formatQtd(l.quantidadeEnviada ?? null, l.unidade)
                          )}
                        </Table.Td>
                      ) : null}
                      <Table.Td>
                        {aprovando || enviando ? (
                          <TextInput
                            size="xs"
                            aria-label={t('pedidosTransferencia.justificativaDe', { produto: l.descricao ?? '' })}
                            placeholder={t('pedidosTransferencia.justificativaAjuda')}
                            value={justificativas[n] ?? ''}
                            onChange={(e) => setJustificativas((j) => ({ ...j, [n]: e.currentTarget.value }))}
                            error={erroDaLinha(n)}
                            data-testid="pedido-justificativa"
                          />
                        ) : (
                          <>
                            {l.justificativa}
                            {l.justificativaEnvio ? (
                              <Text size="sm" c="dimmed">
                                {t('pedidosTransferencia.justificativaEnvio', { texto: l.justificativaEnvio })}
                              </Text>
                            ) : null}
                          </>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {erro ? (
            <Alert color="red" data-testid="pedido-erro">
              {erro}
            </Alert>
          ) : null}
          {editar && acao ? (
            <Group align="flex-end" justify="flex-end">
              {acao === 'recusar' || acao === 'cancelar' ? <TextInput label={t('transferencias.motivo')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} w={320} data-testid="pedido-motivo" /> : null}
              {acao === 'enviar' ? (
                <Text size="xs" c="dimmed" maw={300}>
                  {t('pedidosTransferencia.envioAjuda')}
                </Text>
              ) : null}
              {acao === 'enviar' ? <Select label={t('pedidosTransferencia.localSaida')} data={locais} value={local ?? locais[0]?.value ?? null} onChange={setLocal} w={260} data-testid="pedido-local" /> : null}
              <Button color={acao === 'recusar' || acao === 'cancelar' ? 'red' : undefined} onClick={() => executar.mutate()} loading={executar.isPending} data-testid="pedido-confirmar">
                {t(`pedidosTransferencia.confirmar_${acao}`)}
              </Button>
              <Button variant="default" onClick={() => escolher(null)}>
                {t('transferencias.voltar')}
              </Button>
            </Group>
          ) : null}
          {editar && !acao ? (
            <Group justify="flex-end">
              {p.visao === 'fornecedora' && p.status === 'solicitado' ? (
                <Button onClick={() => escolher('aprovar')} data-testid="pedido-aprovar">
                  {t('pedidosTransferencia.aprovar')}
                </Button>
              ) : null}
              {p.visao === 'fornecedora' && p.status === 'aprovado' ? (
                <Button onClick={() => escolher('enviar')} data-testid="pedido-enviar">
                  {t('pedidosTransferencia.separarEnviar')}
                </Button>
              ) : null}
              {p.visao === 'fornecedora' && (p.status === 'solicitado' || p.status === 'aprovado') ? (
                <Button variant="light" color="red" onClick={() => escolher('recusar')} data-testid="pedido-recusar">
                  {t('pedidosTransferencia.recusar')}
                </Button>
              ) : null}
              {p.visao === 'solicitante' && (p.status === 'solicitado' || p.status === 'aprovado') ? (
                <Button variant="light" color="red" onClick={() => escolher('cancelar')} data-testid="pedido-cancelar">
                  {t('pedidosTransferencia.cancelar')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
