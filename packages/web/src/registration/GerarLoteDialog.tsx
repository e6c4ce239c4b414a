import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { gerarLoteBody, LOTE_MAXIMO, type RecursoDef } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../api/client.ts';
import { CampoInput } from '../resources/CampoInput.tsx';
import { campos, errosAposMudanca, novoItem, validar, valoresIniciais, type Erros, type Valores } from '../resources/formValues.ts';

/** Fields of a voucher that a batch does not take from the user: each code is generated, the batch is the prefix. */
const GERADOS = new Set(['codigo', 'lote']);
const loteParams = gerarLoteBody.pick({ prefixo: true, quantidade: true });

/**
 * "Gerar lote": N vouchers '<PREFIXO>-XXXXXXXX' sharing every other field, created by one call in
 * one transaction (all or none). On success the list shows the new batch, ready to export.
 */
export function GerarLoteDialog({ recurso, opened, onClose, onGerado }: { recurso: RecursoDef; opened: boolean; onClose: () => void; onGerado: (prefixo: string) => void }) {
  const { t } = useTranslation();
  const inicial = (): Valores => ({ ...valoresIniciais(recurso), tipo: 'Voucher', limiteUsoTotal: 1, prefixo: '', quantidade: 10 });
  const [valores, setValores] = useState<Valores>(inicial);
  const [erros, setErros] = useState<Erros>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);

  const gerar = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<unknown[]>(`${recurso.nome}/gerarLote`, body),
    onSuccess: (registros, body) => {
      notifications.show({ color: 'green', message: t('lote.gerado', { count: Array.isArray(registros) ? registros.length : 0, prefixo: body.prefixo }) });
      onGerado(String(body.prefixo));
      fechar();
    },
    onError: (error) => {
      setErros(isApiError(error) && error.campos ? error.campos : {});
      setErroGeral(error.message);
    },
  });

  function fechar() {
    setValores(inicial());
    setErros({});
    setErroGeral(null);
    onClose();
  }

  const mudar = (campo: string, valor: unknown) => {
    setErros((e) => errosAposMudanca(e, campo, valores[campo], valor));
    setValores((v) => ({ ...v, [campo]: valor }));
  };

  function submit() {
    const mensagens = { valorInvalido: t('recurso.valorInvalido'), numeroInvalido: t('recurso.numeroInvalido'), dataInvalida: t('recurso.dataInvalida') };
    // The shared fields are checked by the voucher's own schema, with a placeholder code.
    const { dados, erros: encontrados } = validar(recurso, { ...valores, codigo: 'LOTE', lote: '' }, mensagens);
    const params = loteParams.safeParse({ prefixo: valores.prefixo, quantidade: valores.quantidade === '' ? undefined : valores.quantidade });
    const todos: Erros = { ...encontrados };
    if (!params.success) for (const issue of params.error.issues) todos[String(issue.path[0])] ??= issue.message;
    setErros(todos);
    setErroGeral(null);
    if (!dados || !params.success) return;
    const { codigo: _c, lote: _l, ...modelo } = dados;
    gerar.mutate({ ...modelo, ...params.data });
  }

  return (
    <Modal opened={opened} onClose={fechar} title={<Text fw={600}>{t('lote.titulo')}</Text>} size="lg" data-testid="lote-dialogo">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('lote.explicacao', { maximo: LOTE_MAXIMO })}
          </Text>
          {erroGeral ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="lote-erro">
              {erroGeral}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('lote.prefixo')}
              description={t('lote.prefixoAjuda')}
              value={String(valores.prefixo ?? '')}
              onChange={(e) => mudar('prefixo', e.currentTarget.value.toUpperCase())}
              error={erros.prefixo}
              data-autofocus
              data-testid="lote-prefixo"
            />
            <NumberInput
              label={t('lote.quantidade')}
              value={typeof valores.quantidade === 'number' || typeof valores.quantidade === 'string' ? valores.quantidade : ''}
              onChange={(v) => mudar('quantidade', v)}
              min={1}
              max={LOTE_MAXIMO}
              allowDecimal={false}
              error={erros.quantidade}
              data-testid="lote-quantidade"
            />
          </SimpleGrid>
          {campos(recurso)
            .filter(([nome]) => !GERADOS.has(nome))
            .map(([nome, campo]) => (
              <CampoInput
                key={nome}
                nome={nome}
                campo={campo}
                valor={valores[nome]}
                erro={erros[nome]}
                erros={erros}
                novoItem={(n, c) => novoItem(recurso, n, c)}
                onChange={(v) => mudar(nome, v)}
                alvo={(recurso.relacoes as Record<string, string | undefined> | undefined)?.[nome]}
              />
            ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={fechar}>
              {t('recurso.cancelar')}
            </Button>
            <Button type="submit" loading={gerar.isPending} data-testid="lote-gerar">
              {t('lote.gerar')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
