import { Text, TextInput } from '@mantine/core';
import { centavosParaTexto, parseCentavos } from '../resources/format.ts';

/** An amount in reais typed with a comma; formatted when the field is left. */
export function CampoReais({ rotulo, valor, alterar, erro, testid }: { rotulo: string; valor: string; alterar: (v: string) => void; erro?: string; testid: string }) {
  return (
    <TextInput
      label={rotulo}
      leftSection={<Text size="sm" c="dimmed">R$</Text>}
      inputMode="decimal"
      placeholder="0,00"
      value={valor}
      onChange={(e) => alterar(e.currentTarget.value)}
      onBlur={(e) => {
        const c = parseCentavos(e.currentTarget.value);
        if (typeof c === 'number') alterar(centavosParaTexto(c));
      }}
      error={erro}
      styles={{ input: { textAlign: 'right' } }}
      data-testid={testid}
    />
  );
}
