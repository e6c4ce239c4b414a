import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { useUrlParams } from '../../app/useUrlParams.ts';
import { lerBase64 } from '../../resources/ImagemInput.tsx';
import { useGeral } from '../../session/store.ts';
import { conciliacaoApi, conciliacaoKeys, type ResultadoImportacao } from './conciliacaoApi.ts';

/** Controller of the bank reconciliation screen: the account (in the URL, ?conta=), the OFX import and the account's statement. */
export function useConciliacaoBancaria() {
  const queryClient = useQueryClient();
  const empresa = useGeral((s) => s.empresa?._id);
  const [params, setParams] = useUrlParams();
  const conta = params.get('conta') ?? '';
  const [resultado, setResultado] = useState<(ResultadoImportacao & { arquivo: string }) | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  const contas = useQuery({ queryKey: conciliacaoKeys.contas(empresa), queryFn: ({ signal }) => conciliacaoApi.contas(signal) });
  const extrato = useQuery({
    queryKey: conciliacaoKeys.extrato(empresa, conta),
    queryFn: ({ signal }) => conciliacaoApi.extrato(conta, signal),
    enabled: conta !== '',
  });

  const importar = useMutation({
    mutationFn: async (arquivo: File) => ({ ...(await conciliacaoApi.importar(conta, arquivo.name, await lerBase64(arquivo))), arquivo: arquivo.name }),
    onMutate: () => {
      setErro(null);
      setResultado(null);
    },
    onSuccess: (r) => {
      setResultado(r);
      void queryClient.invalidateQueries({ queryKey: conciliacaoKeys.extrato(empresa, conta) });
    },
    onError: (e) => setErro(isApiError(e) ? e.message : String(e)),
  });

  return {
    conta,
    setConta(valor: string | null) {
      setResultado(null);
      setErro(null);
      setParams((atual) => {
        if (valor) atual.set('conta', valor);
        else atual.delete('conta');
        return atual;
      });
    },
    contas,
    extrato,
    importar: (arquivo: File) => importar.mutate(arquivo),
    importando: importar.isPending,
    resultado,
    erro,
  };
}
