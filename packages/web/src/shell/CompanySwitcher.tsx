import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [, renderizar] = useReducer((n: number) => n + 1, 0);

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
      // The list is mounted only while open (on every page a kept list cost floating-ui's placement at load,
      // issue 19); Mantine learns the list's id as it mounts, without rendering the input again, so one more
      // render gives the input its aria-expanded and aria-controls.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      onDropdownOpen={() => setTimeout(renderizar, 0)}
      data-testid="troca-empresa"
    />
  );
}
