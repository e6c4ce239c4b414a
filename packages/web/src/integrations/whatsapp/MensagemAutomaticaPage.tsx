import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { findRecurso, lerParametrosModelo, reais, VARIAVEIS_MENSAGEM_AUTOMATICA } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceFormController } from '../../resources/useResourceForm.ts';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { corpoComParametros, SituacaoModelo, useModelos } from './ModelosAprovados.tsx';
import { whatsAppApi } from './whatsAppApi.ts';

/** The message being edited, filled with the company's latest order, as its customer would read it (and the template, outside the 24 hours). */
function Previa({ valores }: { valores: Record<string, unknown> }) {
  const { t } = useTranslation();
  const previa = useMutation({
    mutationFn: () =>
      whatsAppApi.previa({
        evento: String(valores.evento ?? ''),
        mensagem: String(valores.mensagem ?? ''),
        minutosPrevisao: Number(valores.minutosPrevisao ?? 45) || 0,
        modeloNome: String(valores.modeloNome ?? ''),
        modeloIdioma: String(valores.modeloIdioma ?? ''),
        parametrosModelo: String(valores.parametrosModelo ?? ''),
      }),
  });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="ma-previa">
      <Stack gap="xs">
        <Text fw={600}>{t('mensagemAutomatica.previa')}</Text>
        <Text size="sm" c="dimmed">
          {t('mensagemAutomatica.previaAjuda')}
        </Text>
        <Button variant="light" onClick={() => previa.mutate()} loading={previa.isPending} disabled={!valores.evento || !valores.mensagem} data-testid="ma-ver-previa">
          {t('mensagemAutomatica.verPrevia')}
        </Button>
        {previa.isError && <Alert color="red">{previa.error.message}</Alert>}
        {previa.data && (
          <>
            <Paper p="xs" radius="md" withBorder bg="var(--mantine-color-green-light)">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ma-previa-texto">
                {previa.data.texto}
              </Text>
            </Paper>
            {previa.data.modelo && (
              <>
                <Text size="xs" c="dimmed">
                  {t('mensagemAutomatica.previaModelo', { nome: previa.data.modelo.nome })}
                </Text>
                <Paper p="xs" radius="md" withBorder bg="var(--mantine-color-green-light)">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ma-previa-modelo">
                    {previa.data.modelo.texto}
                  </Text>
                </Paper>
              </>
            )}
            <Text size="xs" c="dimmed">
              {t('mensagemAutomatica.pedidoUsado', { numero: previa.data.pedido.numero, cliente: previa.data.pedido.cliente ?? t('mensagemAutomatica.semCliente'), total: reais(previa.data.pedido.total), em: dataHora(previa.data.pedido.em) })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const VARIAVEIS = VARIAVEIS_MENSAGEM_AUTOMATICA.map((v) => ({ value: `{${v}}`, label: `{${v}}` }));

/** The approved template for outside the 24 hours: chosen from the account's list, each {{n}} given one of our variables. */
function ModeloForaDaJanela({ form }: { form: ResourceFormController }) {
  const { t } = useTranslation();
  const modelos = useModelos();
  const v = form.valores as Record<string, unknown>;
  const aprovados = (modelos.data?.modelos ?? []).filter((m) => m.aprovado);
  const chave = v.modeloNome ? `${String(v.modeloNome)}/${String(v.modeloIdioma ?? '')}` : null;
  const modelo = aprovados.find((m) => `${m.nome}/${m.idioma}` === chave);
  // A message may name a template that is no longer approved or listed: it stays visible, to be changed.
  const foraDaLista = chave && !modelo ? [{ value: chave, label: t('mensagemAutomatica.modeloForaDaLista', { nome: `${String(v.modeloNome)} (${String(v.modeloIdioma ?? '')})` }) }] : [];
  const erro = form.erros.modeloNome ?? form.erros.modeloIdioma ?? form.erros.parametrosModelo;
  const parametros = lerParametrosModelo(String(v.parametrosModelo ?? ''));
  const escolher = (valor: string | null) => {
    const m = aprovados.find((x) => `${x.nome}/${x.idioma}` === valor);
    form.setValor('modeloNome', m?.nome ?? '');
    form.setValor('modeloIdioma', m?.idioma ?? '');
    form.setValor('parametrosModelo', m ? Array.from({ length: m.parametros }, (_, i) => parametros[i] ?? (i === 0 ? '{nome}' : '{pedido}')).join(', ') : '');
  };
  const definir = (i: number, variavel: string | null) => {
    const novos = Array.from({ length: modelo?.parametros ?? 0 }, (_, j) => (j === i ? (variavel ?? '') : (parametros[j] ?? '')));
    form.setValor('parametrosModelo', novos.join(', '));
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="ma-modelo">
      <Stack gap="xs">
        <Text fw={600}>{t('mensagemAutomatica.modeloTitulo')}</Text>
        <Text size="sm" c="dimmed">
          {t('mensagemAutomatica.modeloAjuda')}
        </Text>
        {modelos.data && !aprovados.length && !chave ? (
          <Alert color="yellow">{t('mensagemAutomatica.semModelosAprovados')}</Alert>
        ) : (
          <Select
            label={t('mensagemAutomatica.escolhaModelo')}
            data={[{ value: '', label: t('mensagemAutomatica.nenhumModelo') }, ...foraDaLista, ...aprovados.map((m) => ({ value: `${m.nome}/${m.idioma}`, label: `${m.nome} (${m.idioma})` }))]}
            value={chave ?? ''}
            onChange={(x) => escolher(x || null)}
            allowDeselect={false}
            error={erro}
            data-testid="ma-modelo-escolha"
          />
        )}
        {modelo && (
          <>
            <Group gap="xs">
              <SituacaoModelo situacao={modelo.situacao} />
              <Text size="sm" c="dimmed">
                {modelo.categoria}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ma-modelo-corpo">
              {modelo.corpo}
            </Text>
            <Group grow align="flex-start">
              {Array.from({ length: modelo.parametros }, (_, i) => (
                <Select key={i} label={t('mensagemAutomatica.parametroVariavel', { n: `{{${i + 1}}}` })} data={VARIAVEIS} value={parametros[i] ?? null} onChange={(x) => definir(i, x)} data-testid="ma-modelo-parametro" />
              ))}
            </Group>
            <Paper p="xs" radius="md" withBorder bg="var(--mantine-color-green-light)">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {corpoComParametros(modelo, parametros)}
              </Text>
            </Paper>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** mensagemAutomatica: the generic list and form of the messages per order event, with the template for outside the 24 hours and the preview in the form. */
export default function MensagemAutomaticaPage() {
  return (
    <Tela
      recurso={findRecurso('mensagemAutomatica')!}
      extra={(form) => (
        <Stack>
          <ModeloForaDaJanela form={form} />
          <Previa valores={form.valores as Record<string, unknown>} />
        </Stack>
      )}
    />
  );
}
