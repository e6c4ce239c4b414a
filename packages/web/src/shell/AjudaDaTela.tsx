import { List, Stack, Text } from '@mantine/core';
import { findScreen } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { useGeral } from '../session/store.ts';

/**
 * The help of the screen that is open, written beside its declaration (packages/domain navigation
 * screens.ts, `ajuda`): what it is for, the first steps and the rules that are not obvious.
 */
export function AjudaDaTela() {
  const { t } = useTranslation();
  const titulo = useGeral((s) => s.titulo);
  const ajuda = findScreen(titulo)?.ajuda;
  if (!ajuda) {
    return (
      <Text size="sm" c="dimmed" data-testid="painel-ajuda">
        {t('ajudaTela.semAjuda')}
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="painel-ajuda">
      <Text size="sm">{ajuda.paraQue}</Text>
      <Text size="sm" fw={600}>
        {t('ajudaTela.primeirosPassos')}
      </Text>
      <List size="sm" type="ordered" spacing={2}>
        {ajuda.passos.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
      {ajuda.regras?.length ? (
        <>
          <Text size="sm" fw={600}>
            {t('ajudaTela.bomSaber')}
          </Text>
          <List size="sm" spacing={2}>
            {ajuda.regras.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
