import { ActionIcon, Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { motivosSaidaManual } from '@retaguarda/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import { formVazio, indiceDaLinha, montarDocumento, novaLinha, type ErrosForm, type FormDocumento, type LinhaForm, type ProdutoEscolhido } from './documentoForm.ts';
import { estoqueApi, type DocumentoNovo, type ResultadoDocumento, type TipoDocumentoTela } from './estoqueApi.ts';
import { errosDoDocumento, quantidadeExibida } from './formatoEstoque.ts';
import { PreviaEstoque } from './PreviaEstoque.tsx';
import { ProdutoEstoqueInput } from './ProdutoEstoqueInput.tsx';

interface Props {
  tipo: TipoDocumentoTela;
  /** Active locations to choose from. */
  locaisAtivos: { value: string; label: string }[];
  /** Every location's name by id (the preview names them). */
  nomesLocais: ReadonlyMap<string, string>;
  onSalvo: (resultado: ResultadoDocumento) => void;
}

/** Server messages as they came (already Portuguese), or our own keys translated. */
type Erros = { cabecalho: Record<string, string>; itens: Record<number, Record<string, string>> };
const vazio: Erros = { cabecalho: {}, itens: {} };

/**
 * A new saída manual or transferência: header, item lines, then "Prévia" (what it changes, nothing
 * written) and "Salvar". Saving asks for the preview of the document as it is now; a change after
 * the preview asks for it again.
 */
export function DocumentoEstoqueForm({ tipo, locaisAtivos, nomesLocais, onSalvo }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FormDocumento>(() => formVazio());
  const [erros, setErros] = useState<Erros>(vazio);
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [previa, setPrevia] = useState<{ doc: string; resultado: ResultadoDocumento } | null>(null);

  const montado = useMemo(() => montarDocumento(tipo, form), [tipo, form]);
  const atual = 'doc' in montado ? JSON.stringify(montado.doc) : null;
  const previaValida = previa !== null && previa.doc === atual;

  const alterar = (mudanca: Partial<FormDocumento>) => {
    setForm((f) => ({ ...f, ...mudanca }));
    setErroGeral(null);
  };
  const alterarLinha = (i: number, mudanca: Partial<LinhaForm>) => {
    setForm((f) => ({ ...f, linhas: f.linhas.map((l, j) => (j === i ? { ...l, ...mudanca } : l)) }));
    setErros((e) => ({ ...e, itens: { ...e.itens, [i]: {} } }));
  };

  const traduzir = (e: ErrosForm): Erros => ({
    cabecalho: Object.fromEntries(Object.entries(e.cabecalho).map(([k, v]) => [k, t(v)])),
    itens: Object.fromEntries(Object.entries(e.itens).map(([i, campos]) => [i, Object.fromEntries(Object.entries(campos).map(([k, v]) => [k, t(v)]))])),
  });
  /** The server's 400 names fields by the items sent; shown next to the lines they belong to. */
  const falhou = (erro: unknown) => {
    if (isApiError(erro) && erro.campos && Object.keys(erro.campos).length && erro.status === 400) {
      const doServidor = errosDoDocumento(erro.campos);
      setErros({ cabecalho: doServidor.cabecalho, itens: Object.fromEntries(Object.entries(doServidor.itens).map(([i, c]) => [indiceDaLinha(form, Number(i)), c])) });
    }
    setErroGeral(erro instanceof Error ? erro.message : String(erro));
  };
  const validar = (): DocumentoNovo | null => {
    if ('erros' in montado) {
      setErros(traduzir(montado.erros));
      setErroGeral(t('estoqueDoc.corrija'));
      return null;
    }
    setErros(vazio);
    setErroGeral(null);
    return montado.doc;
  };

  const pedirPrevia = useMutation({
    mutationFn: (doc: DocumentoNovo) => estoqueApi.previa(doc),
    onSuccess: (resultado, doc) => setPrevia({ doc: JSON.stringify(doc), resultado }),
    onError: falhou,
  });
  const salvar = useMutation({
    mutationFn: (doc: DocumentoNovo) => estoqueApi.registrar(doc),
    onSuccess: (resultado) => {
      notifications.show({ color: 'green', message: t('estoqueDoc.salvoOk', { numero: resultado.numero }) });
      onSalvo(resultado);
    },
    onError: falhou,
  });

  const produtos = useMemo(() => new Map(form.linhas.flatMap((l) => (l.produto ? [[l.produto.id, l.produto] as [string, ProdutoEscolhido]] : []))), [form.linhas]);
  const transferencia = tipo === 'transferenciaLocal';
  const ocupado = pedirPrevia.isPending || salvar.isPending;

  return (
    <Stack gap="sm" data-testid="estoque-form">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Select
          label={transferencia ? t('estoqueDoc.origem') : t('estoqueDoc.local')}
          data={locaisAtivos}
          value={form.local}
          onChange={(local) => alterar({ local })}
          placeholder={t('estoqueDoc.escolhaLocal')}
          searchable
          error={erros.cabecalho.local}
          data-testid="estoque-local"
          comboboxProps={{ withinPortal: true }}
        />
        {transferencia ? (
          <Select
            label={t('estoqueDoc.destino')}
            data={locaisAtivos.filter((l) => l.value !== form.local)}
            value={form.destino}
            onChange={(destino) => alterar({ destino })}
            placeholder={t('estoqueDoc.escolhaLocal')}
            searchable
            error={erros.cabecalho.destino}
            data-testid="estoque-destino"
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Select
            label={t('estoqueDoc.motivo')}
            data={[...motivosSaidaManual]}
            value={form.motivo}
            onChange={(motivo) => alterar({ motivo })}
            placeholder={t('estoqueDoc.escolhaMotivo')}
            error={erros.cabecalho.motivo}
            data-testid="estoque-motivo"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput label={t('estoqueDoc.data')} value={form.data} onChange={(e) => alterar({ data: e.currentTarget.value })} placeholder="dd/mm/aaaa" error={erros.cabecalho.data ?? erros.cabecalho.ocorridoEm} data-testid="estoque-data" />
        <TextInput label={t('estoqueDoc.hora')} value={form.hora} onChange={(e) => alterar({ hora: e.currentTarget.value })} placeholder="hh:mm" error={erros.cabecalho.hora} data-testid="estoque-hora" />
      </SimpleGrid>
      <Textarea label={t('estoqueDoc.observacao')} value={form.observacao} onChange={(e) => alterar({ observacao: e.currentTarget.value })} autosize minRows={1} maxRows={4} maxLength={500} error={erros.cabecalho.observacao} data-testid="estoque-observacao" />

      <Text fw={600} size="sm" mt="xs">
        {t('estoqueDoc.itens')}
      </Text>
      {erros.cabecalho.itens ? (
        <Text c="red" size="sm">
          {erros.cabecalho.itens}
        </Text>
      ) : null}
      {form.linhas.map((linha, i) => {
        const e = erros.itens[i] ?? {};
        return (
          <Group key={linha.chave} align="flex-start" gap="xs" wrap="nowrap" data-testid="estoque-linha">
            <div style={{ flex: 1, minWidth: 0 }}>
              <ProdutoEstoqueInput valor={linha.produto} onChange={(produto) => alterarLinha(i, { produto })} erro={e.produto} testid={`estoque-produto-${i}`} />
            </div>
            <TextInput
              aria-label={t('estoqueDoc.quantidade')}
              placeholder={t('estoqueDoc.quantidade')}
              value={linha.quantidade}
              onChange={(ev) => alterarLinha(i, { quantidade: ev.currentTarget.value })}
              onBlur={(ev) => alterarLinha(i, { quantidade: quantidadeExibida(ev.currentTarget.value) })}
              inputMode="decimal"
              autoComplete="off"
              w={130}
              styles={{ input: { textAlign: 'right' } }}
              rightSection={linha.produto?.unidade ? <Text size="xs" c="dimmed">{linha.produto.unidade}</Text> : undefined}
              rightSectionWidth={linha.produto?.unidade ? 36 : undefined}
              error={e.quantidade}
              data-testid={`estoque-quantidade-${i}`}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={2}
              aria-label={t('estoqueDoc.removerItem', { n: i + 1 })}
              disabled={form.linhas.length === 1}
              onClick={() => setForm((f) => ({ ...f, linhas: f.linhas.filter((_, j) => j !== i) }))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Button variant="subtle" leftSection={<IconPlus size={16} />} style={{ alignSelf: 'flex-start' }} onClick={() => setForm((f) => ({ ...f, linhas: [...f.linhas, novaLinha()] }))} data-testid="estoque-adicionar-item">
        {t('estoqueDoc.adicionarItem')}
      </Button>

      {erroGeral ? (
        <Alert color="red" data-testid="estoque-erro">
          {erroGeral}
        </Alert>
      ) : null}
      {previa ? (
        <>
          {!previaValida ? (
            <Text size="sm" c="orange" data-testid="estoque-previa-desatualizada">
              {t('estoqueDoc.previaDesatualizada')}
            </Text>
          ) : null}
          <div style={{ opacity: previaValida ? 1 : 0.5 }}>
            <PreviaEstoque previa={previa.resultado} produtos={produtos} locais={nomesLocais} />
          </div>
        </>
      ) : null}

      <Group justify="flex-end" gap="xs" py="sm" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {!previaValida ? (
          <Text size="xs" c="dimmed" mr="auto">
            {t('estoqueDoc.previaPrimeiro')}
          </Text>
        ) : null}
        <Button variant="default" loading={pedirPrevia.isPending} disabled={ocupado} onClick={() => { const doc = validar(); if (doc) pedirPrevia.mutate(doc); }} data-testid="estoque-previa-botao">
          {t('estoqueDoc.previa')}
        </Button>
        <Button loading={salvar.isPending} disabled={ocupado || !previaValida} onClick={() => { const doc = validar(); if (doc) salvar.mutate(doc); }} data-testid="estoque-salvar">
          {t('estoqueDoc.salvar')}
        </Button>
      </Group>
    </Stack>
  );
}
