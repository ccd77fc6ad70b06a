/**
 * Brazilian Portuguese, the console's default language. This object defines the shape every other
 * language must match (see `Messages`), so a key added here is a type error until it is translated.
 */
export const ptBR = {
  app: {
    productName: 'Turmas Admin',
    skipToContent: 'Pular para o conteúdo',
  },
  fatalError: {
    title: 'Algo deu errado',
    description: 'A página encontrou um erro inesperado. Recarregue a página para continuar.',
    details: 'Detalhes técnicos',
    reload: 'Recarregar a página',
  },
  auth: {
    title: 'Entrar',
    description: 'Informe o token de acesso fornecido pela equipe responsável pela plataforma.',
    tokenLabel: 'Token de acesso',
    showToken: 'Mostrar token',
    tokenRequired: 'Informe o token de acesso.',
    submit: 'Entrar',
    rejected: 'Este token não foi aceito.',
    sessionExpired: 'Sua sessão expirou. Informe o token de acesso novamente.',
    checkFailed: 'Não foi possível verificar o token',
    signOut: 'Sair',
  },
  classes: {
    title: 'Turmas',
    tableLabel: 'Lista de turmas',
    columns: {
      name: 'Nome',
      students: 'Alunos',
      updatedAt: 'Atualizada em',
    },
    total: (count: number, formattedCount: string): string =>
      count === 1 ? `${formattedCount} turma` : `${formattedCount} turmas`,
    loading: 'Carregando turmas…',
    emptyTitle: 'Nenhuma turma cadastrada',
    emptyDescription: 'As turmas criadas na plataforma aparecerão aqui.',
    loadFailed: 'Não foi possível carregar as turmas',
    retry: 'Tentar novamente',
  },
  apiErrors: {
    network: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    timeout: 'O servidor demorou demais para responder. Tente novamente.',
    server: (status: number): string =>
      `O servidor encontrou um erro (código ${status}). Tente novamente em instantes.`,
    rejected: (status: number): string => `O servidor recusou a solicitação (código ${status}).`,
    contract: 'O servidor respondeu em um formato inesperado.',
    unexpected: 'Ocorreu um erro inesperado.',
  },
};
