import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { centavosParaTexto, parseCentavos } from './format.ts';

/**
 * An amount in reais typed with a comma ('1.234,5'), written out to the centavo ('1.234,50') when the field
 * is left: the generic form's money field and the finance drawers' amounts.
 */
export function CampoReais({ valor, alterar, ...props }: Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> & { valor: string; alterar: (texto: string) => void }) {
  return (
    <TextInput
      {...props}
      leftSection={<Text size="sm" c="dimmed">R$</Text>}
      inputMode="decimal"
      placeholder="0,00"
      value={valor}
      onChange={(e) => alterar(e.currentTarget.value)}
      onBlur={(e) => {
        const c = parseCentavos(e.currentTarget.value);
        if (typeof c === 'number') alterar(centavosParaTexto(c));
      }}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}
