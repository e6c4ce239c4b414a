/** Texts of the appSistema screen's credential section (issue 17). */
export const textosAppSistema = {
  appSistema: {
    credencialTitulo: 'Credencial do aparelho',
    credencialExplicacao: 'O aparelho entra no sistema com esta credencial, nunca com a senha de uma pessoa. Ela aparece uma só vez; guardamos só um resumo dela.',
    salveAntes: 'Salve o aparelho para gerar a credencial.',
    situacaoAtiva: 'Ativa',
    situacaoNenhuma: 'Sem credencial',
    situacaoRevogada: 'Revogada',
    emitidaEm: 'Gerada em {{data}}',
    ultimoAcesso: 'Último acesso: {{data}}',
    nuncaAcessou: 'Ainda não entrou',
    versao: 'Versão do aplicativo: {{versao}}',
    gerar: 'Gerar credencial',
    gerarOutra: 'Gerar outra (revoga a atual)',
    revogar: 'Revogar',
    revogada: 'Credencial revogada: o aparelho saiu do sistema.',
    novaTitulo: 'Anote agora: esta credencial não aparece de novo',
    novaAjuda: 'Digite-a (ou cole-a) no aparelho, na tela de entrada.',
    copiar: 'Copiar',
    copiada: 'Copiada',
  },
};
