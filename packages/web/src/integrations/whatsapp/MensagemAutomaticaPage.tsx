import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { findRecurso, reais, VARIAVEIS_MENSAGEM_AUTOMATICA } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { ModeloForaDaJanela } from './ModeloForaDaJanela.tsx';
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

/** mensagemAutomatica: the generic list and form of the messages per order event, with the template for outside the 24 hours and the preview in the form. */
export default function MensagemAutomaticaPage() {
  const { t } = useTranslation();
  return (
    <Tela
      recurso={findRecurso('mensagemAutomatica')!}
      extra={(form) => (
        <Stack>
          <ModeloForaDaJanela
            valor={{ modeloNome: String(form.valores.modeloNome ?? ''), modeloIdioma: String(form.valores.modeloIdioma ?? ''), parametrosModelo: String(form.valores.parametrosModelo ?? '') }}
            onChange={(v) => {
              for (const [campo, valor] of Object.entries(v)) form.setValor(campo, valor);
            }}
            variaveis={VARIAVEIS_MENSAGEM_AUTOMATICA}
            padroes={['{nome}', '{pedido}']}
            ajuda={t('mensagemAutomatica.modeloAjuda')}
            erro={form.erros.modeloNome ?? form.erros.modeloIdioma ?? form.erros.parametrosModelo}
          />
          <Previa valores={form.valores as Record<string, unknown>} />
        </Stack>
      )}
    />
  );
}
