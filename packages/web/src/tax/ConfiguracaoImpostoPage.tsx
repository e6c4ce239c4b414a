import { Alert, Stack } from '@mantine/core';
import { findRecurso, usaCsosn } from '@retaguarda/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../app/routeName.ts';
import { resourceApi, resourceKeys } from '../resources/api.ts';
import { Tela } from '../resources/ResourceScreen.tsx';
import { useGeral } from '../session/store.ts';
import { PendenciasFiscais } from './PendenciasFiscais.tsx';

/**
 * The state tax page (SPEC.md §2): /configuracaoImposto opens its list and form on the ICMS tab,
 * /configuracaoImpostoIPI the same page on the IPI tab. Above the list, which ICMS code the active
 * company uses (CSOSN or CST, by its CRT), since the server refuses the other one.
 */
export default function ConfiguracaoImpostoPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const tela = [...matches].reverse().map((m) => m.handle).find(isRouteHandle)?.name;
  const recurso = findRecurso('configuracaoImposto')!;
  const empresaId = useGeral((s) => s.empresa?._id);
  const empresa = useQuery({
    queryKey: resourceKeys.detail('empresa', empresaId, empresaId ?? ''),
    enabled: Boolean(empresaId),
    queryFn: ({ signal }) => resourceApi('empresa').get(empresaId!, signal),
  });
  const crt = typeof empresa.data?.crt === 'string' ? empresa.data.crt : undefined;
  const uf = (empresa.data?.endereco as { uf?: string } | undefined)?.uf;
  return (
    <Stack gap={0}>
      {crt ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} mb="md" data-testid="imposto-regime">
          {t(usaCsosn(crt) ? 'impostos.regimeCsosn' : 'impostos.regimeCst', { crt, uf: uf ?? '—' })}
        </Alert>
      ) : null}
      <Tela
        key={tela}
        recurso={recurso}
        abaInicial={tela === 'configuracaoImpostoIPI' ? 'ipi' : 'icms'}
        extra={(form) => <PendenciasFiscais valores={form.valores} contexto={{ crt: crt ?? null, uf: uf ?? null }} />}
      />
    </Stack>
  );
}
