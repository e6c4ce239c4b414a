import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { normalizarDecimal, type Campo } from '@retaguarda/domain';
import { decimalParaTexto } from './format.ts';

interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  campo: Campo;
  valor: unknown;
  onChange: (valor: string) => void;
}

/**
 * An exact decimal or a percentage typed the Brazilian way ('18,5', '1.234,56'): the text is kept as
 * typed and sent as text (docs/decisions/0009); on leaving the field it is tidied ('18,5' → '18,50'
 * for a percentage). Never through a binary float.
 */
export function DecimalInput({ campo, valor, onChange, ...props }: DecimalInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={typeof valor === 'string' || typeof valor === 'number' ? String(valor) : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        const texto = e.currentTarget.value.trim();
        if (texto && normalizarDecimal(texto) !== null) onChange(decimalParaTexto(campo, texto));
      }}
      rightSection={campo.tipo === 'percentual' ? <Text size="sm" c="dimmed">%</Text> : undefined}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}
