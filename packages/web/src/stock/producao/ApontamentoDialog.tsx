import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { breakpoints } from '@retaguarda/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';
import { formatQtd, lerQuantidade, quantidadeExibida } from '../formatoEstoque.ts';
import { PreviaIngredientes } from './PreviaIngredientes.tsx';
import { consumosAlterados, errosPorCampo, restante, type LinhaConsumo } from './producao.ts';
import { producaoApi, producaoKeys, type ApontamentoEnviado, type DetalheProducao, type PreviaProducao } from './producaoApi.ts';

interface Props {
  ordem: DetalheProducao;
  onFechar: () => void;
  onApontado: (ordem: DetalheProducao) => void;
}

/**
 * "Apontar produção": the quantity produced now (the rest of the plan to start with), the
 * ingredients it takes with their shortages and cost, the quantity actually used of any of them when
 * it differs from the recipe, and whether this posting finishes the order.
 */
export function ApontamentoDialog({ ordem, onFechar, onApontado }: Props) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const falta = restante(ordem);
  const [quantidade, setQuantidade] = useState(() => (falta === '0.0000' ? '' : quantidadeExibida(falta)));
  const [finalizar, setFinalizar] = useState(false);
  const [observacao, setObservacao] = useState('');
  const [reais, setReais] = useState<Record<string, string>>({});
  const [erros, setErros] = useState<Record<string, string>>({});
  const [errosLinhas, setErrosLinhas] = useState<Record<number, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);

  // The preview follows the quantity and the consumption typed (a moment after the last key), keeping the last one on screen meanwhile.
  const [adiada] = useDebouncedValue(quantidade, 300);
  const [reaisAdiados] = useDebouncedValue(reais, 300);
  const lida = lerQuantidade(adiada);
  const [receitas, setReceitas] = useState<PreviaProducao['ingredientes']>([]);
  const consumosPrevia = useMemo(() => {
    const alterados = consumosAlterados(receitas.map((i) => ({ produto: i.produto, receita: i.receita, real: reaisAdiados[i.produto] ?? '' })));
    return 'consumos' in alterados ? alterados.consumos : [];
  }, [receitas, reaisAdiados]);
  const previa = useQuery({
    queryKey: [...producaoKeys.detalhe(empresa, ordem._id), 'previa', lida, consumosPrevia],
    queryFn: async () => {
      const r = await producaoApi.previaApontamento(ordem._id, { quantidade: lida!, consumos: consumosPrevia });
      setReceitas(r.ingredientes);
      return r;
    },
    enabled: lida !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const linhas: LinhaConsumo[] = useMemo(() => (previa.data?.ingredientes ?? []).map((i) => ({ produto: i.produto, receita: i.receita, real: reais[i.produto] ?? '' })), [previa.data, reais]);

  const apontar = useMutation({
    mutationFn: (ap: ApontamentoEnviado) => producaoApi.apontar(ordem._id, ap),
    onSuccess: (detalhe, ap) => {
      notifications.show({ color: 'green', message: t(ap.finalizar ? 'estoqueProducao.apontadoFinalizadoOk' : 'estoqueProducao.apontadoOk', { quantidade: formatQtd(lerQuantidade(ap.quantidade) ?? ap.quantidade, ordem.unidade), numero: ordem.numero }) });
      onApontado(detalhe);
    },
    onError: (e, ap) => {
      if (isApiError(e) && e.status === 400) {
        const campos = errosPorCampo(e.campos);
        const porLinha: Record<number, string> = {};
        for (const [campo, mensagem] of Object.entries(campos)) {
          const m = /^consumos\.(\d+)$/.exec(campo);
          const produto = m ? ap.consumos?.[Number(m[1])]?.produto : undefined;
          const i = produto ? linhas.findIndex((l) => l.produto === produto) : -1;
          if (i >= 0) porLinha[i] = mensagem;
        }
        setErros(campos);
        setErrosLinhas(porLinha);
      }
      setErroGeral(e.message);
    },
  });

  const enviar = () => {
    const q = lerQuantidade(quantidade);
    const alterados = consumosAlterados(linhas);
    setErros(q === null ? { quantidade: t('estoqueProducao.quantidadeInvalida') } : {});
    setErrosLinhas('erros' in alterados ? alterados.erros : {});
    if (q === null || 'erros' in alterados) return setErroGeral(t('estoqueProducao.corrija'));
    setErroGeral(null);
    apontar.mutate({ quantidade: q, consumos: alterados.consumos, finalizar, observacao: observacao.trim() || null });
  };

  return (
    <Modal
      opened
      onClose={onFechar}
      size={estreito ? '100%' : 1000}
      fullScreen={estreito}
      title={<Text fw={600}>{t('estoqueProducao.apontarTitulo', { numero: ordem.numero, produto: ordem.descricao ?? '' })}</Text>}
      closeButtonProps={{ 'aria-label': t('estoqueProducao.fechar') }}
      data-testid="producao-apontar-dialogo"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('estoqueProducao.apontarTexto', { produzida: formatQtd(ordem.quantidadeProduzida, ordem.unidade), planejada: formatQtd(ordem.quantidadePlanejada, ordem.unidade) })}
        </Text>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('estoqueProducao.quantidadeProduzidaAgora')}
            value={quantidade}
            onChange={(e) => {
              setQuantidade(e.currentTarget.value);
              setErros({});
              setErroGeral(null);
            }}
            onBlur={(e) => setQuantidade(quantidadeExibida(e.currentTarget.value))}
            inputMode="decimal"
            autoComplete="off"
            w={240}
            styles={{ input: { textAlign: 'right' } }}
            rightSection={ordem.unidade ? <Text size="xs" c="dimmed">{ordem.unidade}</Text> : undefined}
            rightSectionWidth={ordem.unidade ? 36 : undefined}
            error={erros.quantidade}
            data-testid="producao-apontar-quantidade"
            data-autofocus
          />
          <Checkbox mt={30} label={t('estoqueProducao.finalizarJunto')} checked={finalizar} onChange={(e) => setFinalizar(e.currentTarget.checked)} data-testid="producao-apontar-finalizar" />
        </Group>
        {previa.data && lida ? (
          <>
            <Text size="xs" c="dimmed">
              {t('estoqueProducao.consumoAjuda')}
            </Text>
            <PreviaIngredientes
              previa={previa.data}
              consumo={{
                linhas,
                erros: errosLinhas,
                alterar: (i, real) => {
                  const produto = linhas[i]!.produto;
                  setReais((r) => ({ ...r, [produto]: real }));
                  setErrosLinhas((e) => Object.fromEntries(Object.entries(e).filter(([k]) => Number(k) !== i)));
                  setErroGeral(null);
                },
              }}
            />
          </>
        ) : null}
        <Textarea label={t('estoqueProducao.observacao')} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} autosize minRows={1} maxRows={3} maxLength={500} data-testid="producao-apontar-observacao" />
        {ordem.empresaDestinoNome ? (
          <Alert color="blue" p="xs" data-testid="producao-apontar-central">
            {t('estoqueProducao.apontarCentral', { loja: ordem.empresaDestinoNome, local: ordem.localEmpresaDestinoDescricao ?? '' })}
          </Alert>
        ) : null}
        {erroGeral ? (
          <Alert color="red" data-testid="producao-apontar-erro">
            {erroGeral}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onFechar} data-testid="producao-apontar-cancelar">
            {t('estoqueProducao.voltarSemApontar')}
          </Button>
          <Button loading={apontar.isPending} onClick={enviar} data-testid="producao-apontar-ok">
            {finalizar ? t('estoqueProducao.apontarEFinalizar') : t('estoqueProducao.apontar')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
