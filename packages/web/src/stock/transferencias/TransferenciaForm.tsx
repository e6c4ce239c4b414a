import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { useGeral } from '../../session/store.ts';
import { formatQtd } from '../formatoEstoque.ts';
import { LinhasProdutos, linhasParaEnviar, linhaVazia, type LinhaDigitada } from './LinhasProdutos.tsx';
import { transferenciasApi, transferenciasKeys, type Transferencia } from './transferenciasApi.ts';

/** The lines of a saved draft as the form types them. */
const linhasDoRascunho = (tr: Transferencia): LinhaDigitada[] =>
  tr.itens.map((l) => linhaVazia({ id: l.produto, rotulo: l.descricao ?? l.produto, unidade: l.unidade ?? null }, formatQtd(l.quantidade)));

/**
 * A transfer typed by hand: the store it goes to, the location it leaves from, the lines; saved as a draft
 * or sent at once. With `rascunho`, that draft is rewritten (with the version it was read at).
 */
export function TransferenciaForm({ rascunho, onSalva, onCancelar }: { rascunho?: Transferencia; onSalva: (t: Transferencia) => void; onCancelar?: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const lojas = useQuery({ queryKey: [...transferenciasKeys.todos(empresa), 'lojas'], queryFn: ({ signal }) => transferenciasApi.lojas(signal) });
  const locais = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];
  const [destino, setDestino] = useState<string | null>(rascunho?.empresaDestino ?? null);
  const [local, setLocal] = useState<string | null>(rascunho?.localOrigem ?? null);
  const [observacao, setObservacao] = useState(rascunho?.observacao ?? '');
  const [linhas, setLinhas] = useState<LinhaDigitada[]>(() => (rascunho ? linhasDoRascunho(rascunho) : [linhaVazia()]));
  const [errosLinhas, setErrosLinhas] = useState<Record<number, string>>({});
  const [erro, setErro] = useState<string | null>(null);
  const localEfetivo = local ?? locais[0]?.value ?? null;
  const salvar = useMutation({
    mutationFn: (enviar: boolean) => {
      const { itens, erros } = linhasParaEnviar(linhas);
      setErrosLinhas(erros);
      if (Object.keys(erros).length) throw new Error(t('transferencias.corrijaLinhas'));
      const corpo = { empresaDestino: destino ?? '', localOrigem: localEfetivo ?? '', observacao: observacao || null, enviar, itens };
      return rascunho ? transferenciasApi.editar(rascunho._id, { ...corpo, version: rascunho.version }) : transferenciasApi.criar(corpo);
    },
    onSuccess: onSalva,
    onError: (e) => setErro(isApiError(e) || e instanceof Error ? e.message : String(e)),
  });
  return (
    <Stack gap="md" data-testid="transferencia-form">
      <Select
        label={t('transferencias.lojaDestino')}
        data={(lojas.data ?? []).map((l) => ({ value: l._id, label: l.nome }))}
        value={destino}
        onChange={setDestino}
        disabled={Boolean(rascunho?.pedido)}
        data-testid="nova-transferencia-destino"
      />
      <Select label={t('transferencias.localOrigem')} data={locais} value={localEfetivo} onChange={setLocal} data-testid="nova-transferencia-local" />
      <LinhasProdutos linhas={linhas} onChange={setLinhas} erros={errosLinhas} testid="nova-transferencia-itens" />
      <Textarea label={t('transferencias.observacao')} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} autosize minRows={2} />
      <Text size="xs" c="dimmed">
        {t('transferencias.novaAjuda')}
      </Text>
      {erro ? <Alert color="red">{erro}</Alert> : null}
      <Group justify="flex-end">
        {onCancelar ? (
          <Button variant="subtle" onClick={onCancelar}>
            {t('transferencias.voltar')}
          </Button>
        ) : null}
        <Button variant="default" onClick={() => salvar.mutate(false)} loading={salvar.isPending && salvar.variables === false} data-testid="nova-transferencia-rascunho">
          {t('transferencias.salvarRascunho')}
        </Button>
        <Button onClick={() => salvar.mutate(true)} loading={salvar.isPending && salvar.variables === true} data-testid="nova-transferencia-enviar">
          {t('transferencias.salvarEnviar')}
        </Button>
      </Group>
    </Stack>
  );
}
