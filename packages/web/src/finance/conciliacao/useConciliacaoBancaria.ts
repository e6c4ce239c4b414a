import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUrlParam } from '../../app/useUrlParams.ts';
import { lerBase64 } from '../../resources/ImagemInput.tsx';
import { useGeral } from '../../session/store.ts';
import { conciliacaoApi, conciliacaoKeys, mensagemDeErro } from './conciliacaoApi.ts';

/** Controller of the bank reconciliation screen: the account (in the URL, ?conta=), the OFX import and the account's statement. */
export function useConciliacaoBancaria() {
  const queryClient = useQueryClient();
  const empresa = useGeral((s) => s.empresa?._id);
  const [contaNaUrl, setContaNaUrl] = useUrlParam('conta');
  const conta = contaNaUrl ?? '';

  const contas = useQuery({ queryKey: conciliacaoKeys.contas(empresa), queryFn: ({ signal }) => conciliacaoApi.contas(signal) });
  const extrato = useQuery({
    queryKey: conciliacaoKeys.extrato(empresa, conta),
    queryFn: ({ signal }) => conciliacaoApi.extrato(conta, signal),
    enabled: conta !== '',
  });

  const importar = useMutation({
    mutationFn: async (arquivo: File) => ({ ...(await conciliacaoApi.importar(conta, arquivo.name, await lerBase64(arquivo))), arquivo: arquivo.name }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conciliacaoKeys.extrato(empresa, conta) });
    },
  });

  return {
    conta,
    setConta(valor: string | null) {
      // The last import's result or refusal was of the account left.
      importar.reset();
      setContaNaUrl(valor || null);
    },
    contas,
    extrato,
    importar: (arquivo: File) => importar.mutate(arquivo),
    importando: importar.isPending,
    resultado: importar.data ?? null,
    erro: mensagemDeErro(importar.error),
  };
}
