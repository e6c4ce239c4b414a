import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useListaSoAberta } from '../app/useListaSoAberta.ts';
import { useSessao } from '../session/queries.ts';
import { useGeral } from '../session/store.ts';
import { useTrocarEmpresa } from '../session/useTrocarEmpresa.ts';

/** Header select of the companies the session allows; the server switches, then the screen reloads. `largura` '100%' on its own row (a phone). */
export function CompanySwitcher({ largura }: { largura?: string } = {}) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa);
  const sessao = useSessao();
  const empresas = sessao.data?.empresas ?? (empresa ? [empresa] : []);

  const trocar = useTrocarEmpresa();
  const lista = useListaSoAberta();

  return (
    <Select
      aria-label={t('shell.empresa')}
      data={empresas.map((e) => ({ value: e._id, label: e.nomeFantasia }))}
      value={empresa?._id ?? null}
      onChange={(id) => {
        if (id && id !== empresa?._id) trocar.mutate(id);
      }}
      allowDeselect={false}
      disabled={trocar.isPending}
      leftSection={<IconBuildingStore size={16} />}
      w={largura ?? { base: 160, sm: 300 }}
      {...lista}
      data-testid="troca-empresa"
    />
  );
}
