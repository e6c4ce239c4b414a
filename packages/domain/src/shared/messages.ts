/**
 * Portuguese messages shared by server and web. The ones quoted by SPEC.md §5 and §8 are word for word.
 */
export const mensagens = {
  // SPEC.md §8
  falhaComunicacao: 'Falha de comunicação!',
  falhaObter: (lista: string) => `Falha ao obter ${lista}!`,
  falhaEmpresaIndefinida: (lista: string) => `Falha ao capturar ${lista}, configuracoes.empresa esta indefinido!`,
  falhaComunicacaoLista: (lista: string) => `Falha de comunicação ao tentar obter a lista de ${lista}!`,
  empresaPadraoNaoEncontrada: 'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
  configuracaoEmpresaPadraoAusente: 'Configurações da Empresa Padrão não foram encontrados, reconfigure o sistema!',
  terminalPadraoNaoEncontrado: 'Não foram encontrados nenhum terminal com os dados configurados de Terminal Padrão!',
  empresaPadraoAntesDoTerminal:
    'Empresa Padrão não encontrado. É preciso carregar primeiro a Empresa Padrão antes de tentar carregar a configuração de Terminal Padrão!',
  // SPEC.md §5
  promocaoProdutoRemovido:
    'Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo',
  // SPEC.md §4
  conteudoAtualizado: 'Conteúdo atualizado está disponível. Por favor atualize a página.',
  atualizar: 'Atualizar',

  // Sign-in and passwords
  loginInvalido: 'Login ou senha inválidos.',
  usuarioInativo: 'Usuário bloqueado. Procure o administrador do seu grupo.',
  muitasTentativas: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
  recuperacaoEnviada:
    'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha. O link vale por 1 hora.',
  chaveInvalida: 'Este link de redefinição de senha é inválido, expirou ou já foi usado. Peça um novo link.',
  senhaAlterada: 'Senha alterada com sucesso.',
  senhaAtualIncorreta: 'A senha atual está incorreta.',
  sessaoExpirada: 'Sua sessão expirou. Entre novamente.',
  empresaNaoPermitida: 'Você não tem acesso a esta empresa.',
  semEmpresa: 'Seu usuário não tem nenhuma empresa liberada. Procure o administrador do seu grupo.',

  // API plumbing
  naoEncontrado: 'Recurso não encontrado.',
  acessoNegado: 'Acesso negado.',
  requisicaoInvalida: 'Dados inválidos.',
  erroInterno: 'Erro interno do servidor. Tente novamente em instantes.',
  bancoIndisponivel: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  corpoGrandeDemais: 'O conteúdo enviado é grande demais.',
  tipoConteudoInvalido: 'Tipo de conteúdo não suportado. Envie JSON.',
  versaoDesatualizada: 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.',
} as const;
