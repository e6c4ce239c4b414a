import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { tiposNotaEmitida, type NotaEmitida, type NotaEmitidaEntrada, type TipoNotaEmitida } from '@retaguarda/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenciaInput } from '../../resources/ReferenciaInput.tsx';
import { useGeral } from '../../session/store.ts';
import type { ProdutoEscolhido } from '../../stock/documentoForm.ts';
import { ProdutoEstoqueInput } from '../../stock/ProdutoEstoqueInput.tsx';
import { emissaoApi, emissaoKeys } from './emissaoApi.ts';

interface Linha {
  chave: number;
  produto: ProdutoEscolhido | null;
  quantidade: string;
  valorUnitario: string;
}
let proxima = 0;
const linhaVazia = (l: Partial<Linha> = {}): Linha => ({ chave: ++proxima, produto: null, quantidade: '', valorUnitario: '', ...l });
/** '12,50' or '12.50' as the API's decimal text. */
const decimal = (t: string) => {
  const s = t.trim();
  return s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
};

/** The form of a draft (new, or a draft/rejected note being corrected): kind, recipient, items with quantity and unit value. */
export function NotaEmitidaForm({ nota, onPronta, onVoltar }: { nota?: NotaEmitida; onPronta: (n: NotaEmitida) => void; onVoltar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const [tipo, setTipo] = useState<TipoNotaEmitida>(nota?.tipo ?? 'transferencia');
  const [serie, setSerie] = useState<number>(nota?.serie ?? 1);
  const [destinoEmpresa, setDestinoEmpresa] = useState(nota?.destinatarioEmpresa ?? '');
  const [destinoPessoa, setDestinoPessoa] = useState(nota?.destinatarioPessoa ?? '');
  const [referencia, setReferencia] = useState(nota?.referencia ?? '');
  const [natureza, setNatureza] = useState(nota?.naturezaOperacao ?? '');
  const [informacoes, setInformacoes] = useState(nota?.informacoesComplementares ?? '');
  const [linhas, setLinhas] = useState<Linha[]>(() =>
    nota ? nota.itens.map((i) => linhaVazia({ produto: { id: i.produto, rotulo: i.descricao, unidade: i.unidade }, quantidade: i.quantidade.replace('.', ','), valorUnitario: i.valorUnitario.replace(/0+$/, '').replace(/\.$/, '').replace('.', ',') })) : [linhaVazia()],
  );
  const mudarLinha = (chave: number, m: Partial<Linha>) => setLinhas((ls) => ls.map((l) => (l.chave === chave ? { ...l, ...m } : l)));

  const salvar = useMutation({
    mutationFn: () => {
      const corpo: NotaEmitidaEntrada = {
        tipo,
        serie,
        destinatarioEmpresa: tipo === 'transferencia' ? destinoEmpresa || null : null,
        destinatarioPessoa: tipo === 'transferencia' ? null : destinoPessoa || null,
        referencia: tipo === 'devolucao' ? referencia || null : null,
        naturezaOperacao: natureza.trim() || null,
        informacoesComplementares: informacoes.trim() || null,
        itens: linhas.filter((l) => l.produto || l.quantidade || l.valorUnitario).map((l) => ({ produto: l.produto?.id ?? '', quantidade: decimal(l.quantidade), valorUnitario: decimal(l.valorUnitario) })),
        ...(nota ? { version: nota.version } : {}),
      };
      return nota ? emissaoApi.editar(nota._id, corpo) : emissaoApi.criar(corpo);
    },
    onSuccess: (n) => {
      void queryClient.invalidateQueries({ queryKey: emissaoKeys.todos(empresa) });
      onPronta(n);
    },
  });

  return (
    <Stack gap="md" data-testid="emissao-form">
      <Group justify="space-between">
        <Title order={2}>{nota ? t('emissaoNota.corrigir') : t('emissaoNota.nova')}</Title>
        <Button variant="default" onClick={onVoltar}>{t('emissaoNota.voltar')}</Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select label={t('emissaoNota.tipo')} data={tiposNotaEmitida.map((v) => ({ value: v, label: t(`emissaoNota.tipo_${v}`) }))} value={tipo} onChange={(v) => v && setTipo(v as TipoNotaEmitida)} allowDeselect={false} data-testid="emissao-tipo" />
            <NumberInput label={t('emissaoNota.serie')} value={serie} onChange={(v) => setSerie(Number(v) || 1)} min={1} max={999} allowDecimal={false} disabled={Boolean(nota?.numero)} data-testid="emissao-serie" />
            <div data-testid="emissao-destino">
            {tipo === 'transferencia' ? (
              <ReferenciaInput nome="destinatarioEmpresa" campo={{ rotulo: t('emissaoNota.lojaDestino'), tipo: 'referencia' }} alvo="empresa" proprioId={empresa} valor={destinoEmpresa} onChange={(v) => setDestinoEmpresa(String(v ?? ''))} label={t('emissaoNota.lojaDestino')} />
            ) : (
              <ReferenciaInput nome="destinatarioPessoa" campo={{ rotulo: t('emissaoNota.destinatario'), tipo: 'referencia' }} alvo="pessoa" valor={destinoPessoa} onChange={(v) => setDestinoPessoa(String(v ?? ''))} label={tipo === 'devolucao' ? t('emissaoNota.fornecedor') : t('emissaoNota.compradora')} />
            )}
            </div>
          </Group>
          {tipo === 'devolucao' ? <TextInput label={t('emissaoNota.referencia')} description={t('emissaoNota.referenciaAjuda')} value={referencia} onChange={(e) => setReferencia(e.currentTarget.value)} data-testid="emissao-referencia" /> : null}
          <TextInput label={t('emissaoNota.natureza')} placeholder={t(`emissaoNota.natureza_${tipo}`)} value={natureza} onChange={(e) => setNatureza(e.currentTarget.value)} maxLength={60} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="xs">{t('emissaoNota.itens')}</Text>
        <Table data-testid="emissao-itens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('emissaoNota.produto')}</Table.Th>
              <Table.Th w={140}>{t('emissaoNota.quantidade')}</Table.Th>
              <Table.Th w={160}>{t('emissaoNota.valorUnitario')}</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas.map((l) => (
              <Table.Tr key={l.chave} data-testid="emissao-item">
                <Table.Td><ProdutoEstoqueInput valor={l.produto} onChange={(p) => mudarLinha(l.chave, { produto: p })} testid="emissao-item-produto" /></Table.Td>
                <Table.Td><TextInput aria-label={t('emissaoNota.quantidade')} value={l.quantidade} onChange={(e) => mudarLinha(l.chave, { quantidade: e.currentTarget.value })} rightSection={<Text size="xs" c="dimmed">{l.produto?.unidade ?? ''}</Text>} data-testid="emissao-item-quantidade" /></Table.Td>
                <Table.Td><TextInput aria-label={t('emissaoNota.valorUnitario')} leftSection={<Text size="xs">R$</Text>} value={l.valorUnitario} onChange={(e) => mudarLinha(l.chave, { valorUnitario: e.currentTarget.value })} data-testid="emissao-item-valor" /></Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('emissaoNota.removerItem')} onClick={() => setLinhas((ls) => (ls.length > 1 ? ls.filter((x) => x.chave !== l.chave) : [linhaVazia()]))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Button variant="subtle" leftSection={<IconPlus size={14} />} mt="xs" onClick={() => setLinhas((ls) => [...ls, linhaVazia()])} data-testid="emissao-item-mais">{t('emissaoNota.maisItem')}</Button>
      </Paper>
      <Textarea label={t('emissaoNota.informacoes')} value={informacoes} onChange={(e) => setInformacoes(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
      {salvar.error ? <Alert color="red" data-testid="emissao-form-erro">{salvar.error.message}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={() => salvar.mutate()} loading={salvar.isPending} data-testid="emissao-salvar">{t('emissaoNota.salvarRascunho')}</Button>
      </Group>
    </Stack>
  );
}
