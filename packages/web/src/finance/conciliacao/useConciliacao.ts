import { somarDiasCorridos, type ConciliarRecebivelBody, type RegraConciliacaoBody } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGeral } from '../../session/store.ts';
import { conciliacaoApi, conciliacaoKeys, mensagemDeErro } from './conciliacaoApi.ts';
import type { useConciliacaoBancaria } from './useConciliacaoBancaria.ts';

/** Matching on the reconciliation screen: the chosen line and movements, the open movements, the balance per day, the rules. */
export function useConciliacao(c: ReturnType<typeof useConciliacaoBancaria>) {
  const queryClient = useQueryClient();
  const empresa = useGeral((s) => s.empresa?._id);
  const conta = c.conta;
  const [linha, setLinha] = useState<string | null>(null);
  const [movimentos, setMovimentos] = useState<string[]>([]);

  const abertos = useQuery({
    queryKey: [...conciliacaoKeys.daConta(empresa, conta), 'abertos'],
    queryFn: ({ signal }) => conciliacaoApi.movimentosAbertos(conta, signal),
    enabled: conta !== '',
  });
  // The reconciled balance of the month up to the newest statement line.
  const ate = c.extrato.data?.linhas[0]?.data ?? null;
  const de = ate ? somarDiasCorridos(ate, -30) : null;
  const saldos = useQuery({
    queryKey: [...conciliacaoKeys.daConta(empresa, conta), 'saldos', de, ate],
    queryFn: ({ signal }) => conciliacaoApi.saldoConciliado(conta, de!, ate!, signal),
    enabled: conta !== '' && ate !== null,
  });
  const regras = useQuery({ queryKey: conciliacaoKeys.regras, queryFn: ({ signal }) => conciliacaoApi.regras(signal) });

  const atualizar = () => {
    setLinha(null);
    setMovimentos([]);
    void queryClient.invalidateQueries({ queryKey: conciliacaoKeys.extrato(empresa, conta) });
    void queryClient.invalidateQueries({ queryKey: conciliacaoKeys.daConta(empresa, conta) });
  };
  const automatica = useMutation({ mutationFn: () => conciliacaoApi.conciliar(conta), onSuccess: atualizar });
  const manual = useMutation({ mutationFn: () => conciliacaoApi.manual(linha!, movimentos), onSuccess: atualizar });
  const recebivel = useMutation({ mutationFn: (corpo: ConciliarRecebivelBody) => conciliacaoApi.conciliarRecebivel(corpo), onSuccess: atualizar });
  const desfazer = useMutation({ mutationFn: (id: string) => conciliacaoApi.desfazer(id), onSuccess: atualizar });
  const criarMovimento = useMutation({
    mutationFn: (p: { linha: string; planoConta: string; descricao: string }) => conciliacaoApi.movimentoDaLinha(p.linha, p.planoConta, p.descricao),
    onSuccess: atualizar,
  });
  const aposRegra = () => void queryClient.invalidateQueries({ queryKey: conciliacaoKeys.regras });
  const criarRegra = useMutation({ mutationFn: (r: RegraConciliacaoBody) => conciliacaoApi.criarRegra(r), onSuccess: aposRegra });
  const removerRegra = useMutation({ mutationFn: (id: string) => conciliacaoApi.removerRegra(id), onSuccess: aposRegra });

  const linhaEscolhida = c.extrato.data?.linhas.find((l) => l._id === linha) ?? null;
  const soma = (abertos.data ?? []).filter((m) => movimentos.includes(m._id)).reduce((s, m) => s + m.valor, 0);
  return {
    abertos,
    saldos,
    regras,
    linha: linhaEscolhida,
    escolherLinha: (id: string) => setLinha((atual) => (atual === id ? null : id)),
    movimentos,
    alternarMovimento: (id: string) => setMovimentos((atual) => (atual.includes(id) ? atual.filter((x) => x !== id) : [...atual, id])),
    soma,
    podeConciliar: linhaEscolhida !== null && movimentos.length > 0 && soma === linhaEscolhida.valor,
    automatica,
    manual,
    recebivel,
    desfazer,
    criarMovimento,
    criarRegra,
    removerRegra,
    erro: mensagemDeErro(automatica.error ?? manual.error ?? desfazer.error ?? criarMovimento.error),
  };
}
