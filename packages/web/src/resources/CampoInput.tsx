import { ActionIcon, Button, ColorInput, Fieldset, Group, Input, MultiSelect, NumberInput, Paper, PasswordInput, Select, SimpleGrid, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import type { Campo } from '@retaguarda/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MaskedInput } from '../forms/MaskedInput.tsx';
import { useListaSoAberta } from '../app/useListaSoAberta.ts';
import { dataParaValor, MASCARAS, mascaraCpfCnpj, mascaraTelefone } from '../forms/masks.ts';
import { itensDe, mudancas, type Erros } from './formValues.ts';
import { PermissoesInput } from './PermissoesInput.tsx';
import { formatValor } from './format.ts';
import { CampoReais } from './CampoReais.tsx';
import { DecimalInput } from './DecimalInput.tsx';
import { ImagemInput } from './ImagemInput.tsx';
import { MunicipioInput, UfInput } from './LocalidadeInput.tsx';
import { ReferenciaInput, ReferenciasInput } from './ReferenciaInput.tsx';

export interface CampoInputProps {
  nome: string;
  campo: Campo;
  valor: unknown;
  erro?: string | undefined;
  onChange: (valor: unknown) => void;
  /** The resource a reference points to (declaration's relacoes). */
  alvo?: string | undefined;
  /** The record being edited: a reference to its own resource cannot point to itself. */
  proprioId?: string | undefined;
  autoFocus?: boolean;
  /** All the form's errors: a lista shows its items' ('enderecos.0.cep'). */
  erros?: Erros | undefined;
  /** The form's person type ('Física' / 'Jurídica'), when it has one: picks the CPF or CNPJ mask. */
  tipoPessoa?: string | undefined;
  /** A new item of a lista (its defaults). */
  novoItem?: ((nome: string, campo: Campo) => Record<string, unknown>) | undefined;
  /** The schema requires it: the label carries the mark (*). */
  obrigatorio?: boolean | undefined;
  /** Inside a table row: no visible label (the header has it). */
  compacto?: boolean;
  /** The declaration's relacoes, by full dotted path: an `objeto` or a `lista` finds its sub-fields' targets there. */
  relacoes?: Readonly<Record<string, string | undefined>> | undefined;
  /** The values beside this field (the form's, or the lista item's): a city reads its UF there. */
  irmaos?: Record<string, unknown> | undefined;
  /** Changes several sibling fields at once (a city sets its name and its IBGE code). */
  onIrmaos?: ((mudancas: Record<string, unknown>) => void) | undefined;
  /** Errors of the sibling fields, by name: a city shows its code's. */
  errosIrmaos?: Record<string, string | undefined> | undefined;
  /** The declarations of the sibling fields: the code a city picker writes is shown read-only. */
  irmaosCampos?: Readonly<Record<string, Campo>> | undefined;
  /** The form is read-only (the access profile does not allow saving). */
  somenteLeitura?: boolean;
}

/** More sub-fields than this and a lista shows each item as a card of labelled fields, not a table row. */
const COLUNAS_DE_TABELA = 4;

/** Sub-fields that sit side by side in a group (short ones); the others take the whole width. */
const CURTOS = new Set(['texto', 'inteiro', 'decimal', 'dinheiro', 'percentual', 'data', 'hora', 'opcao', 'cpfCnpj', 'cep', 'telefone', 'cor', 'referencia']);

/** A read-only summary the server writes (e.g. the certificate): label and value, or "none". */
function SomenteLeitura({ nome, campo, valor }: CampoInputProps) {
  const { t } = useTranslation();
  const obj = valor && typeof valor === 'object' ? (valor as Record<string, unknown>) : null;
  return (
    <Fieldset legend={campo.rotulo} data-testid={`campo-${nome}`} variant="filled">
      {obj ? (
        <Stack gap={4}>
          {Object.entries(campo.campos ?? {}).map(([sub, subCampo]) => (
            <Group key={sub} gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed" miw={150}>
                {subCampo.rotulo}
              </Text>
              <Text size="sm" data-testid={`campo-${nome}.${sub}`}>
                {formatValor(subCampo, obj[sub]) || '—'}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid={`campo-${nome}-vazio`}>
          {t('recurso.nenhumValor')}
        </Text>
      )}
      {campo.ajuda ? (
        <Text size="xs" c="dimmed" mt={4}>
          {campo.ajuda}
        </Text>
      ) : null}
    </Fieldset>
  );
}

/** An `objeto`: a titled group of its sub-fields, each with its own kind, reference and error ('campo.sub'). */
function ObjetoInput(props: CampoInputProps) {
  const { nome, campo, valor, erros, onChange, relacoes } = props;
  if (campo.somenteLeitura) return <SomenteLeitura {...props} />;
  const obj = valor && typeof valor === 'object' && !Array.isArray(valor) ? (valor as Record<string, unknown>) : {};
  const subcampos = Object.entries(campo.campos ?? {});
  const linhas: [string, Campo][][] = [];
  for (const entrada of subcampos) {
    const ultima = linhas[linhas.length - 1];
    if (CURTOS.has(entrada[1].tipo) && ultima && ultima.length === 1 && CURTOS.has(ultima[0]![1].tipo)) ultima.push(entrada);
    else linhas.push([entrada]);
  }
  const render = ([sub, subCampo]: [string, Campo]) => (
    <CampoInput
      key={sub}
      nome={`${nome}.${sub}`}
      campo={subCampo}
      valor={obj[sub]}
      erro={erros?.[`${nome}.${sub}`]}
      erros={erros}
      relacoes={relacoes}
      alvo={relacoes?.[`${nome}.${sub}`]}
      novoItem={props.novoItem}
      tipoPessoa={props.tipoPessoa}
      onChange={(v) => onChange({ ...obj, ...mudancas(campo.campos ?? {}, sub, v, obj) })}
      irmaos={obj}
      onIrmaos={(m) => onChange({ ...obj, ...m })}
      errosIrmaos={Object.fromEntries(subcampos.map(([outro]) => [outro, erros?.[`${nome}.${outro}`]]))}
      irmaosCampos={campo.campos}
    />
  );
  return (
    <Fieldset legend={campo.rotulo} data-testid={`campo-${nome}`} role="group" aria-label={campo.rotulo}>
      <Stack gap="sm">
        {campo.ajuda ? (
          <Text size="xs" c="dimmed">
            {campo.ajuda}
          </Text>
        ) : null}
        {props.erro && !subcampos.some(([sub]) => erros?.[`${nome}.${sub}`] === props.erro) ? (
          <Text size="sm" c="red" role="alert">
            {props.erro}
          </Text>
        ) : null}
        {/* Short fields two per row, in declaration order; long ones (lists, groups, text) on their own. */}
        {linhas.map((linha) =>
          linha.length === 1 && !CURTOS.has(linha[0]![1].tipo) ? (
            render(linha[0]!)
          ) : (
            <SimpleGrid key={linha[0]![0]} cols={{ base: 1, xs: 2 }} spacing="sm">
              {linha.map(render)}
            </SimpleGrid>
          ),
        )}
      </Stack>
    </Fieldset>
  );
}

/** 'complementos.0.itens' → 'complementos.itens': how relacoes name a path through lista items. */
const semIndices = (caminho: string) => caminho.replace(/\.\d+(?=\.|$)/g, '');

/** The items of a `lista`: a table with one input per sub-field, or cards when the items are wide. */
function ListaInput(props: CampoInputProps) {
  const { t } = useTranslation();
  const { nome, campo, valor, erro, erros, onChange } = props;
  const itens = itensDe(campo);
  const camposDoItem = Object.fromEntries(itens);
  const linhas = Array.isArray(valor) ? (valor as Record<string, unknown>[]) : [];
  const mudarVarios = (i: number, m: Record<string, unknown>) => onChange(linhas.map((l, j) => (j === i ? { ...l, ...m } : l)));
  const mudar = (i: number, sub: string, v: unknown) => mudarVarios(i, mudancas(camposDoItem, sub, v, linhas[i] ?? {}));
  const adicionar = () => {
    const novo = props.novoItem?.(nome, campo) ?? Object.fromEntries(itens.map(([sub]) => [sub, '']));
    onChange([...linhas, novo]);
  };
  const remover = (i: number) => (
    <ActionIcon
      variant="subtle"
      color="red"
      mt={4}
      onClick={() => onChange(linhas.filter((_, j) => j !== i))}
      aria-label={t('recurso.removerItem', { n: i + 1 })}
      data-testid={`lista-${nome}-remover`}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
  const entrada = (i: number, linha: Record<string, unknown>, sub: string, subCampo: Campo, compacto: boolean) => {
    const prefixo = `${nome}.${i}.`;
    return (
      <CampoInput
        nome={`${prefixo}${sub}`}
        campo={subCampo}
        valor={linha[sub]}
        erro={erros?.[`${prefixo}${sub}`]}
        onChange={(v) => mudar(i, sub, v)}
        tipoPessoa={typeof linha.tipo === 'string' ? linha.tipo : undefined}
        // relacoes name a lista's sub-field without item indexes ('complementos.itens.produto').
        alvo={props.relacoes?.[`${semIndices(nome)}.${sub}`]}
        relacoes={props.relacoes}
        erros={erros}
        novoItem={props.novoItem}
        irmaos={linha}
        onIrmaos={(m) => mudarVarios(i, m)}
        errosIrmaos={Object.fromEntries(itens.map(([outro]) => [outro, erros?.[`${prefixo}${outro}`]]))}
        irmaosCampos={camposDoItem}
        compacto={compacto}
      />
    );
  };
  const vazio = (
    <Text size="sm" c="dimmed">
      {t('recurso.listaVazia')}
    </Text>
  );
  // A sub-lista or group inside an item does not fit a table cell: such items are cards too.
  const aninhados = itens.filter(([, c]) => c.tipo === 'lista' || c.tipo === 'objeto');
  const largo = itens.length > COLUNAS_DE_TABELA || aninhados.length > 0;

  return (
    <Input.Wrapper label={campo.rotulo} description={campo.ajuda} error={erro} data-testid={`campo-${nome}`}>
      <Paper withBorder radius="sm" mt={4} style={{ overflowX: largo ? undefined : 'auto' }}>
        {largo ? (
          <Stack gap={0} data-testid={`lista-${nome}`}>
            {linhas.length === 0 ? <Group p="xs">{vazio}</Group> : null}
            {linhas.map((linha, i) => (
              <Stack
                key={i}
                gap="xs"
                p="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid={`lista-${nome}-linha`}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600} c="dimmed">
                    {t('recurso.itemN', { n: i + 1 })}
                  </Text>
                  {remover(i)}
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
                  {itens
                    .filter(([sub]) => !aninhados.some(([outro]) => outro === sub))
                    .map(([sub, subCampo]) => (
                      <div key={sub}>{entrada(i, linha, sub, subCampo, false)}</div>
                    ))}
                </SimpleGrid>
                {aninhados.map(([sub, subCampo]) => (
                  <div key={sub}>{entrada(i, linha, sub, subCampo, false)}</div>
                ))}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing={4} horizontalSpacing="xs" data-testid={`lista-${nome}`}>
            <Table.Thead>
              <Table.Tr>
                {itens.map(([sub, subCampo]) => (
                  <Table.Th key={sub} style={{ whiteSpace: 'nowrap' }}>
                    {subCampo.rotulo}
                  </Table.Th>
                ))}
                <Table.Th w={1} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linhas.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={itens.length + 1}>{vazio}</Table.Td>
                </Table.Tr>
              ) : null}
              {linhas.map((linha, i) => (
                <Table.Tr key={i} data-testid={`lista-${nome}-linha`}>
                  {itens.map(([sub, subCampo]) => (
                    <Table.Td key={sub} style={{ verticalAlign: 'top', minWidth: subCampo.tipo === 'booleano' ? undefined : 140 }}>
                      {entrada(i, linha, sub, subCampo, true)}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ verticalAlign: 'top' }}>{remover(i)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group p={6}>
          <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={adicionar} data-testid={`lista-${nome}-adicionar`} disabled={!itens.length}>
            {t('recurso.adicionarItem')}
          </Button>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}

/** One form field, chosen by the declaration's tipo. */
export function CampoInput(props: CampoInputProps) {
  const { t } = useTranslation();
  const lista = useListaSoAberta();
  const { nome, campo, valor, erro, onChange } = props;
  const comum = {
    label: props.compacto ? undefined : campo.rotulo,
    'aria-label': props.compacto ? campo.rotulo : undefined,
    description: campo.ajuda,
    error: erro,
    withAsterisk: Boolean(props.obrigatorio && !props.compacto),
    'data-testid': `campo-${nome}`,
    'data-autofocus': props.autoFocus ? true : undefined,
  };

  // A city's IBGE code is written by the city picker beside it: shown, not typed (and still sent).
  const codigoDeMunicipio = Object.values(props.irmaosCampos ?? {}).some((c) => c.tipo === 'municipio' && c.codigo === nome.split('.').pop());
  if ((campo.somenteLeitura || codigoDeMunicipio) && campo.tipo !== 'objeto') {
    return campo.tipo === 'booleano' ? (
      <Switch label={comum.label} aria-label={comum['aria-label']} description={campo.ajuda} checked={Boolean(valor)} disabled data-testid={`campo-${nome}`} py={4} />
    ) : (
      <TextInput {...comum} value={formatValor(campo, valor)} readOnly variant="filled" tabIndex={-1} />
    );
  }

  switch (campo.tipo) {
    case 'textoLongo':
      return <Textarea {...comum} value={String(valor ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'inteiro':
      return (
        <NumberInput
          {...comum}
          value={typeof valor === 'number' || typeof valor === 'string' ? valor : ''}
          onChange={(v) => onChange(v)}
          decimalSeparator=","
          thousandSeparator="."
          allowDecimal={false}
        />
      );
    case 'decimal':
    case 'percentual':
      return <DecimalInput {...comum} campo={campo} valor={valor} onChange={onChange} />;
    case 'dinheiro':
      return <CampoReais {...comum} valor={String(valor ?? '')} alterar={onChange} />;
    case 'booleano':
      return (
        <Switch
          label={props.compacto ? undefined : campo.rotulo}
          aria-label={props.compacto ? campo.rotulo : undefined}
          description={campo.ajuda}
          error={erro}
          checked={Boolean(valor)}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-testid={`campo-${nome}`}
          py={4}
        />
      );
    case 'opcao':
      return (
        <Select
          {...comum}
          data={(campo.opcoes ?? []).map((o) => ({ value: o, label: campo.rotulosOpcoes?.[o] ?? o }))}
          value={typeof valor === 'string' && valor ? valor : null}
          onChange={(v) => onChange(v ?? '')}
          placeholder={t('recurso.selecione')}
          clearable
          {...lista}
        />
      );
    case 'opcoes':
      return (
        <MultiSelect
          {...comum}
          data={[...(campo.opcoes ?? [])]}
          value={Array.isArray(valor) ? (valor as string[]) : []}
          onChange={onChange}
          placeholder={Array.isArray(valor) && valor.length ? undefined : t('recurso.selecione')}
          clearable
          {...lista}
        />
      );
    case 'referencia':
      return <ReferenciaInput {...props} label={comum.label} aria-label={comum['aria-label']} description={campo.ajuda} />;
    case 'referencias':
      return <ReferenciasInput {...props} label={props.compacto ? undefined : campo.rotulo} description={campo.ajuda} />;
    case 'uf':
      return <UfInput {...comum} nome={nome} valor={valor} onChange={onChange} />;
    case 'municipio': {
      const irmaos = props.irmaos ?? {};
      const uf = campo.uf ? irmaos[campo.uf] : undefined;
      const codigo = campo.codigo ? irmaos[campo.codigo] : undefined;
      return (
        <MunicipioInput
          {...comum}
          error={erro ?? (campo.codigo ? props.errosIrmaos?.[campo.codigo] : undefined)}
          nome={nome}
          uf={typeof uf === 'string' && uf ? uf : undefined}
          codigo={typeof codigo === 'string' ? codigo : undefined}
          onPick={(m) => {
            // The field's own key among its siblings ('enderecos.0.cidade' → 'cidade').
            const escolha = { [nome.split('.').pop()!]: m?.nome ?? '', ...(campo.codigo ? { [campo.codigo]: m?.codigoIbge ?? '' } : {}) };
            if (props.onIrmaos) props.onIrmaos(escolha);
            else onChange(m?.nome ?? '');
          }}
        />
      );
    }
    case 'cor':
      return <ColorInput {...comum} format="hex" value={String(valor ?? '')} onChange={onChange} placeholder="#RRGGBB" eyeDropperButtonProps={{ 'aria-label': t('recurso.contaGotas') }} />;
    case 'data':
      // SPEC §5 mask '####/##/##' (year first); the form holds 'aaaa-mm-dd'.
      return (
        <MaskedInput
          {...comum}
          mascara={MASCARAS.data}
          inputMode="numeric"
          valor={String(valor ?? '').replace(/-/g, '')}
          onValor={(v) => onChange(dataParaValor(v))}
        />
      );
    case 'cpfCnpj':
      return (
        <MaskedInput
          {...comum}
          // A field labelled CNPJ only (not 'CPF / CNPJ') always takes the CNPJ mask, even empty.
          mascara={(texto) => mascaraCpfCnpj(texto, props.tipoPessoa ?? (/CNPJ/.test(campo.rotulo) && !/CPF/.test(campo.rotulo) ? 'Jurídica' : undefined))}
          valor={String(valor ?? '')}
          onValor={onChange}
        />
      );
    case 'cep':
      return <MaskedInput {...comum} mascara={MASCARAS.cep} inputMode="numeric" valor={String(valor ?? '')} onValor={onChange} />;
    case 'telefone':
      return <MaskedInput {...comum} mascara={mascaraTelefone} inputMode="tel" valor={String(valor ?? '')} onValor={onChange} />;
    case 'hora':
      return <TextInput {...comum} type="time" value={String(valor ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'lista':
      return <ListaInput {...props} />;
    case 'objeto':
      return <ObjetoInput {...props} />;
    case 'imagem':
      return <ImagemInput nome={nome} campo={campo} valor={typeof valor === 'string' ? valor : ''} erro={erro} onChange={onChange} />;
    case 'permissoes':
      return <PermissoesInput nome={nome} rotulo={campo.rotulo} ajuda={campo.ajuda} erro={erro} valor={valor} onChange={onChange} disabled={props.somenteLeitura ?? false} />;
    case 'senha':
    case 'pin':
      // Write-only: the server never sends it back, so the input always starts empty.
      return (
        <PasswordInput
          {...comum}
          value={String(valor ?? '')}
          onChange={(e) => onChange(campo.tipo === 'pin' ? e.currentTarget.value.replace(/\D/g, '').slice(0, 6) : e.currentTarget.value)}
          autoComplete="new-password"
          inputMode={campo.tipo === 'pin' ? 'numeric' : undefined}
          placeholder={campo.tipo === 'pin' ? t('recurso.pinPlaceholder') : undefined}
        />
      );
    default:
      return <TextInput {...comum} value={String(valor ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
