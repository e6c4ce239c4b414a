import { APP_TITLE, mensagens, regrasSenha } from '@retaguarda/domain';

/**
 * The texts of the pages open before sign-in (login, password recovery, not found, errors): the only
 * ones the first visit downloads. The rest of the app's texts arrive with the signed-in layout.
 */
export const textosPublicos = {
  app: {
    nome: APP_TITLE,
    subtitulo: 'Back office para restaurantes e varejo',
    versao: 'Versão {{versao}}',
    falhaInicio: 'Não foi possível iniciar o Retaguarda. Recarregue a página; se o problema continuar, procure o suporte.',
    carregando: 'Carregando…',
  },
  login: {
    titulo: 'Entrar',
    subtitulo: 'Acesse o back office do seu grupo',
    login: 'E-mail ou usuário',
    loginPlaceholder: 'seu@email.com.br',
    senha: 'Senha',
    entrar: 'Entrar',
    grupo: 'Grupo empresarial',
    grupoAjuda: 'Seu login existe em mais de um grupo. Escolha em qual deseja entrar.',
    grupoObrigatorio: 'Escolha o grupo empresarial.',
    esqueci: 'Esqueci minha senha',
    informeLogin: 'Informe o login.',
    informeSenha: 'Informe a senha.',
  },
  recuperar: {
    titulo: 'Recuperar senha',
    explicacao: 'Informe o e-mail cadastrado. Se ele existir, enviaremos um link para criar uma nova senha.',
    email: 'E-mail',
    enviar: 'Enviar link',
    voltar: 'Voltar para o login',
  },
  alterar: {
    titulo: 'Criar nova senha',
    nova: 'Nova senha',
    confirmacao: 'Confirme a nova senha',
    salvar: 'Salvar nova senha',
    naoConferem: 'As senhas não conferem.',
    sucesso: mensagens.senhaAlterada,
    irLogin: 'Ir para o login',
    pedirNovo: 'Pedir um novo link',
    regras: 'A senha precisa ter:',
  },
  regrasSenha: [...regrasSenha],
  acessoNegado: {
    titulo: 'Acesso negado',
    texto: 'Seu perfil de acesso não permite abrir esta página. Se precisar dela, peça a liberação ao administrador do seu grupo.',
    voltar: 'Voltar para o início',
  },
  naoEncontrado: {
    titulo: 'Página não encontrada',
    texto: 'O endereço aberto não existe no Retaguarda. Confira o link ou volte para o início.',
    voltar: 'Voltar para o início',
  },
  erroRota: {
    titulo: 'Algo deu errado ao abrir esta página',
    texto: 'Tente de novo. Se o erro continuar, avise o suporte informando o que estava fazendo.',
    recarregar: 'Recarregar',
  },
};
