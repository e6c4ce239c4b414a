import type { TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { lerDiaBr } from '../sales/dashboard/CampoDia.tsx';
import { MaskedInput } from './MaskedInput.tsx';

const MASCARA = '##/##/####';
const digitosDe = (iso: string | null): string => (iso ? iso.slice(8, 10) + iso.slice(5, 7) + iso.slice(0, 4) : '');

/**
 * A date typed as people write it, behind a dd/mm/aaaa mask (the system's generic date mask is year first,
 * SPEC §5). The parent holds 'aaaa-mm-dd', or null while what is typed is not a real date; the field says why.
 */
export function CampoDataBr({ valor, onChange, error, invalida, ...props }: Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & { valor: string | null; onChange: (iso: string | null) => void; /** What the field says of a date that is not one. */ invalida: string }) {
  const [digitos, setDigitos] = useState(digitosDe(valor));
  // A value set from outside (another field it follows) replaces what is shown; one typed here already matches.
  useEffect(() => {
    if (valor && digitosDe(valor) !== digitos) setDigitos(digitosDe(valor));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valor]);
  // Half typed is said once the field is left; a whole date that does not exist (31/02) at once.
  const [saiu, setSaiu] = useState(false);
  const invalido = digitos.length === 8 ? !lerDiaBr(`${digitos.slice(0, 2)}/${digitos.slice(2, 4)}/${digitos.slice(4)}`) : saiu;
  return (
    <MaskedInput
      {...props}
      mascara={MASCARA}
      valor={digitos}
      onValor={(d) => {
        setDigitos(d);
        const iso = d.length === 8 ? lerDiaBr(`${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`) : null;
        if (iso !== valor) onChange(iso);
      }}
      onBlur={() => setSaiu(true)}
      onFocus={() => setSaiu(false)}
      inputMode="numeric"
      error={invalido ? invalida : error}
    />
  );
}
