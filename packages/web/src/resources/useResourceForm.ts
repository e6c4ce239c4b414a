import { notifications } from '@mantine/notifications';
import { mensagens, type RecursoDef } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import { useGeral } from '../session/store.ts';
import { alimentaSessao, resourceApi, resourceKeys } from './api.ts';
import type { Registro } from './exportar.ts';
import { generoDe } from './genero.ts';
import { errosAposMudanca, validar, valoresIniciais, type Erros, type Valores } from './formValues.ts';
import type { Formulario } from './listState.ts';

/** The fields of the declared unique set whose labels a duplicate message names. */
export function camposDoUnico(recurso: RecursoDef, mensagem: string): string[] {
  for (const unico of (recurso.unicos ?? []) as readonly (readonly string[])[]) {
    if (unico.length && unico.every((c) => recurso.campos[c] && mensagem.includes(recurso.campos[c]!.rotulo))) return [...unico];
  }
  return [];
}

/**
 * Controller of the form drawer: loads the record (edit or duplicate), keeps the editing values,
 * validates with the declaration's schema, saves, and maps server errors to fields. On any error
 * the input stays as typed.
 */
export function useResourceForm(recurso: RecursoDef, formulario: Formulario, onSaved: () => void) {
  const { t } = useTranslation();
  const empresaId = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const apiRecurso = useMemo(() => resourceApi(recurso.nome), [recurso.nome]);
  const origemId = formulario?.modo === 'editar' ? formulario.id : formulario?.modo === 'novo' ? formulario.duplicar : undefined;

  const registroQuery = useQuery({
    queryKey: resourceKeys.detail(recurso.nome, empresaId, origemId ?? ''),
    queryFn: ({ signal }) => apiRecurso.get(origemId!, signal),
    enabled: Boolean(origemId),
    staleTime: 0,
  });
  const registro = registroQuery.data;

  const [inicial, setInicial] = useState<Valores>(() => valoresIniciais(recurso));
  const [valores, setValores] = useState<Valores>(inicial);
  const [erros, setErros] = useState<Erros>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [desatualizado, setDesatualizado] = useState(false);
  const [version, setVersion] = useState<number | undefined>(undefined);
  // An entity's own section of the form (extra) may send a part of its own beside the declared fields
  // ({lojas: …} of produtoGeral); undefined sends nothing.
  const [anexos, setAnexos] = useState<Record<string, unknown>>({});
  const setAnexo = useCallback((nome: string, valor: unknown) => setAnexos((a) => ({ ...a, [nome]: valor })), []);
  const anexosDefinidos = useMemo(() => Object.fromEntries(Object.entries(anexos).filter(([, v]) => v !== undefined)), [anexos]);

  const reset = useCallback(
    (fonte?: Registro) => {
      // A copy starts without what only the system sets (the default customer's flag, for one).
      const novos = valoresIniciais(recurso, fonte, formulario?.modo === 'novo');
      setInicial(novos);
      setValores(novos);
      setErros({});
      setAnexos({});
      setErroGeral(null);
      setDesatualizado(false);
      setVersion(formulario?.modo === 'editar' && fonte ? (fonte.version as number | undefined) : undefined);
    },
    [recurso, formulario?.modo],
  );

  // A new form starts from the schema defaults; edit and duplicate start from the loaded record.
  // Reset while rendering, not in an effect: an effect runs after the inputs have shown the previous
  // record, and whatever is typed in that moment would be wiped.
  const chave = formulario ? `${formulario.modo}:${origemId ?? ''}` : '';
  // `abertura` counts the openings: the form's own parts (its open tab) start afresh on each one,
  // even when Novo is clicked again while the closing drawer still shows the last form.
  const [origem, setOrigem] = useState<{ chave: string; registro?: Registro; abertura: number }>({ chave: '', abertura: 0 });
  const registroCarregado = origemId && registro && registro._id === origemId ? registro : undefined;
  if (chave !== origem.chave || registroCarregado !== origem.registro) {
    setOrigem({ chave, registro: registroCarregado, abertura: chave && chave !== origem.chave ? origem.abertura + 1 : origem.abertura });
    if (formulario && !origemId && chave !== origem.chave) reset();
    else if (formulario && registroCarregado) reset(registroCarregado);
  }

  const dirty = useMemo(() => JSON.stringify(valores) !== JSON.stringify(inicial) || Object.keys(anexosDefinidos).length > 0, [valores, inicial, anexosDefinidos]);

  const valoresRef = useRef(valores);
  valoresRef.current = valores;
  const setValor = useCallback((campo: string, valor: unknown) => {
    const antes = valoresRef.current[campo];
    setValores((v) => ({ ...v, [campo]: valor }));
    setErros((e) => errosAposMudanca(e, campo, antes, valor));
  }, []);

  /** A value the server changed on its own (e.g. the certificate summary): shown, not counted as an edit. */
  const valorDoServidor = useCallback((campo: string, valor: unknown) => {
    setValores((v) => ({ ...v, [campo]: valor }));
    setInicial((v) => ({ ...v, [campo]: valor }));
  }, []);

  const salvar = useMutation({
    mutationFn: async (dados: Record<string, unknown>) => {
      if (formulario?.modo === 'editar') return apiRecurso.update(formulario.id, { ...dados, version });
      return apiRecurso.create(dados);
    },
    onSuccess: async (salvo, enviados) => {
      notifications.show({
        color: 'green',
        message: t(formulario?.modo === 'editar' ? 'recurso.salvo' : 'recurso.criado', { rotulo: recurso.rotulo, context: generoDe(recurso) }),
      });
      if (salvo && typeof salvo === 'object' && salvo._id) queryClient.setQueryData(resourceKeys.detail(recurso.nome, empresaId, salvo._id), salvo);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.lists(recurso.nome, empresaId) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.opcoes(recurso.nome, empresaId) });
      if (alimentaSessao(recurso.nome)) void queryClient.invalidateQueries({ queryKey: ['sessao'] });
      // A part sent beside the fields may have written other resources (company products of every store).
      if (Object.keys(anexosDefinidos).some((k) => k in enviados)) void queryClient.invalidateQueries({ queryKey: ['recurso'] });
      setAnexos({});
      setInicial(valores);
      onSaved();
    },
    onError: (error) => {
      if (isApiError(error) && error.campos && Object.keys(error.campos).length) {
        setErros(error.campos);
        setErroGeral(error.message && !Object.values(error.campos).includes(error.message) ? error.message : t('recurso.erroFormulario'));
        return;
      }
      if (isApiError(error) && error.status === 409) {
        if (error.message === mensagens.versaoDesatualizada) {
          if (formulario?.modo === 'editar') setDesatualizado(true);
        } else {
          // A duplicate ("Já existe … com Sigla 'KG'."): point at the unique fields it names.
          const campos = camposDoUnico(recurso, error.message);
          if (campos.length) {
            setErros(Object.fromEntries(campos.map((c) => [c, error.message])));
            setErroGeral(t('recurso.erroFormulario'));
            return;
          }
        }
      }
      setErroGeral(error.message);
    },
  });

  const submit = useCallback(() => {
    if (salvar.isPending) return;
    const { dados, erros: encontrados } = validar(recurso, valores, { valorInvalido: t('recurso.valorInvalido'), numeroInvalido: t('recurso.numeroInvalido'), dataInvalida: t('recurso.dataInvalida') });
    setErros(encontrados);
    if (!dados) {
      setErroGeral(null);
      return;
    }
    setErroGeral(null);
    setDesatualizado(false);
    salvar.mutate({ ...dados, ...anexosDefinidos });
  }, [recurso, valores, anexosDefinidos, salvar, t]);

  /** After a stale-version refusal: load the current record (the typed input is replaced). */
  const recarregar = useCallback(async () => {
    const atual = await registroQuery.refetch();
    if (atual.data) reset(atual.data);
  }, [registroQuery, reset]);

  return {
    valores,
    setValor,
    setAnexo,
    valorDoServidor,
    erros,
    erroGeral,
    desatualizado,
    dirty,
    submit,
    recarregar,
    salvando: salvar.isPending,
    carregando: Boolean(origemId) && registroQuery.isPending,
    erroCarga: registroQuery.error,
    registro,
    naLixeira: formulario?.modo === 'editar' && Boolean(registro?.lixo),
    /** Which opening of the drawer this is: the key of the form's contents. */
    abertura: origem.abertura,
  };
}

export type ResourceFormController = ReturnType<typeof useResourceForm>;
