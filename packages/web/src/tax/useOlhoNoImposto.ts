import { notifications } from '@mantine/notifications';
import { ibptVencida, ufDoArquivoIbpt } from '@retaguarda/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client.ts';
import { olhoNoImpostoApi, olhoNoImpostoKeys, type VersaoIbpt } from './olhoNoImpostoApi.ts';
import { useUrlParams } from '../app/useUrlParams.ts';

/** Today as YYYY-MM-DD in the user's time zone (validity ends at the end of that day there). */
export const hojeIso = (agora = new Date()) =>
  `${agora.getFullYear()}-${String(agora.getMonth() + 1).padStart(2, '0')}-${String(agora.getDate()).padStart(2, '0')}`;

/** Controller of the IBPT page: import with progress, versions, and a look-up kept in the URL (?uf=&busca=). */
export function useOlhoNoImposto() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlParams();
  const [uf, setUf] = useState<string | null>(null);
  const [arquivo, setArquivoState] = useState<File | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  /** undefined: idle; 0–1: sending; null: the server is reading the file. */
  const [progresso, setProgresso] = useState<number | null | undefined>(undefined);

  const versoes = useQuery({ queryKey: olhoNoImpostoKeys.versoes(), queryFn: ({ signal }) => olhoNoImpostoApi.versoes(signal) });
  const ufConsulta = params.get('uf') ?? '';
  const busca = params.get('busca') ?? '';
  const linhas = useQuery({
    queryKey: olhoNoImpostoKeys.linhas(ufConsulta, busca),
    queryFn: ({ signal }) => olhoNoImpostoApi.linhas(ufConsulta, busca, signal),
    enabled: (versoes.data?.length ?? 0) > 0,
    placeholderData: keepPreviousData,
  });

  const importar = useMutation({
    mutationFn: () => olhoNoImpostoApi.importar(uf ?? '', arquivo!, setProgresso),
    onSuccess: (v: VersaoIbpt) => {
      notifications.show({
        color: 'teal',
        message: t('ibpt.importada', { versao: v.versao, uf: v.uf, linhas: v.linhas.toLocaleString('pt-BR'), ncm: v.ncm.toLocaleString('pt-BR'), nbs: v.nbs, lc116: v.lc116 }),
      });
      setArquivoState(null);
      void queryClient.invalidateQueries({ queryKey: olhoNoImpostoKeys.all });
    },
    onError: (error) => {
      setErros(isApiError(error) && error.campos ? error.campos : {});
      notifications.show({ color: 'red', message: error.message });
    },
    onSettled: () => setProgresso(undefined),
  });

  const hoje = hojeIso();
  const vencidas = (versoes.data ?? []).filter((v) => v.atual && ibptVencida(v.vigenciaFim, hoje));

  return {
    uf,
    setUf(valor: string | null) {
      setUf(valor);
      setErros((e) => ({ ...e, uf: '' }));
    },
    arquivo,
    setArquivo(file: File | null) {
      setArquivoState(file);
      setErros({});
      // Official names carry the UF (TabelaIBPTaxSP…): choose it for the user.
      const doNome = file ? ufDoArquivoIbpt(file.name) : undefined;
      if (doNome) setUf(doNome);
    },
    erros,
    importar() {
      const faltando: Record<string, string> = {};
      if (!uf) faltando.uf = t('ibpt.escolhaUf');
      if (!arquivo) faltando.arquivo = t('ibpt.escolhaArquivo');
      setErros(faltando);
      if (Object.keys(faltando).length === 0) importar.mutate();
    },
    importando: importar.isPending,
    progresso,
    versoes,
    vencidas,
    hoje,
    linhas,
    ufConsulta,
    busca,
    setConsulta(campo: 'uf' | 'busca', valor: string) {
      setParams(
        (atual) => {
          if (valor) atual.set(campo, valor);
          else atual.delete(campo);
          return atual;
        },
        { replace: true },
      );
    },
  };
}
