import '../app/estilosDoApp.css';
import { Select } from '@mantine/core';
import type { GrupoSessao } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';

/** The group choice of a login that exists in several groups (its own chunk: few logins need it). */
export default function EscolherGrupo({ grupos, value, onChange }: { grupos: GrupoSessao[]; value: string | null; onChange: (grupo: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('login.grupo')}
      description={t('login.grupoAjuda')}
      data={grupos.map((g) => ({ value: g._id, label: g.nome }))}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      required
      data-testid="login-grupo"
    />
  );
}
