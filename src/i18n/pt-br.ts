/**
 * Brazilian Portuguese, the console's default language. This object defines the shape every other
 * language must match (see `Messages`), so a key added here is a type error until it is translated.
 */
export const ptBR = {
  app: {
    productName: 'Turmas Admin',
    skipToContent: 'Pular para o conteúdo',
    // The colour-scheme toggle's name says what pressing it does.
    useDarkTheme: 'Usar tema escuro',
    useLightTheme: 'Usar tema claro',
  },
  dialogLoad: {
    failed: 'Não foi possível abrir o formulário',
    description: 'Verifique a conexão com a internet e tente de novo. Nada foi enviado.',
    retry: 'Tentar novamente',
    dismiss: 'Fechar aviso',
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
    rememberLabel: 'Lembrar neste dispositivo',
    rememberDescription:
      'Você continua conectado depois de fechar o navegador. Não use em computadores compartilhados.',
    sessionExpiredTitle: 'Sua sessão expirou',
    sessionExpiredDescription:
      'Informe o token de acesso novamente para continuar. O que você preencheu na página foi mantido.',
    checkFailed: 'Não foi possível verificar o token',
    signOut: 'Sair',
  },
  classes: {
    title: 'Turmas',
    tableLabel: 'Lista de turmas',
    columns: {
      name: 'Nome',
      students: 'Alunos',
      createdAt: 'Criada em',
      updatedAt: 'Atualizada em',
      actions: 'Ações',
    },
    selectRow: (name: string): string => `Selecionar ${name}`,
    selectPage: 'Selecionar todas as turmas desta página',
    bulkAction: 'Matricular ou remover em lote',
    enrolAction: 'Matricular',
    enrolActionName: (name: string): string => `Matricular aluno em ${name}`,
    removeAction: 'Remover',
    removeActionName: (name: string): string => `Remover aluno de ${name}`,
    total: (count: number, formattedCount: string): string =>
      count === 1 ? `${formattedCount} turma` : `${formattedCount} turmas`,
    found: (count: number, formattedCount: string): string =>
      count === 0
        ? 'Nenhuma turma encontrada'
        : count === 1
          ? '1 turma encontrada'
          : `${formattedCount} turmas encontradas`,
    loading: 'Carregando turmas…',
    searchLabel: 'Buscar turmas',
    searchPlaceholder: 'Nome da turma',
    clearSearch: 'Limpar busca',
    pageSize: 'Turmas por página',
    pagination: 'Páginas da lista de turmas',
    emptyTitle: 'Nenhuma turma cadastrada',
    emptyDescription: 'As turmas criadas na plataforma aparecerão aqui.',
    noMatchDescription: (query: string): string =>
      `Nenhuma turma tem “${query}” no nome. Confira a grafia ou busque por parte do nome.`,
    noMatchWordsDescription: (query: string): string =>
      `Nenhuma turma tem todas as palavras de “${query}” no nome. Tente com menos palavras.`,
    searchWithout: (word: string): string => `Buscar sem “${word}”`,
    searchApart: (query: string): string => `Buscar por “${query}”`,
    loadFailed: 'Não foi possível carregar as turmas',
    refreshFailed:
      'Não foi possível atualizar a lista. Os dados abaixo podem estar desatualizados.',
    retry: 'Tentar novamente',
    offlineTitle: 'Sem conexão com a internet',
    offlineDescription: 'A lista será carregada assim que a conexão voltar.',
    offlineStale: 'Sem conexão com a internet. A lista abaixo é a última carregada.',
  },
  selection: {
    label: 'Turmas selecionadas',
    count: (count: number, formattedCount: string): string =>
      count === 1 ? '1 turma selecionada' : `${formattedCount} turmas selecionadas`,
    remove: (name: string): string => `Remover ${name} da seleção`,
    clear: 'Limpar seleção',
    enrol: 'Matricular aluno',
    removeStudent: 'Remover aluno',
    tooMany: (max: string): string =>
      `Cada operação aceita no máximo ${max} turmas. Remova algumas da seleção.`,
  },
  roster: {
    // The roster itself loads with its own words (features/roster/messages.ts).
    openAction: 'Alunos',
    openActionName: (name: string): string => `Ver alunos de ${name}`,
  },
  apiErrors: {
    network: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    // The browser is online and the API is on another site: CORS or the page's CSP refused it.
    crossOrigin: (origin: string): string =>
      `O navegador não conseguiu se comunicar com a API em ${origin}, que fica em outro ` +
      'endereço. A causa provável é o endereço da API (apiBaseUrl em config.js) ou as ' +
      'configurações de CORS dela: avise quem administra o sistema.',
    timeout: 'O servidor demorou demais para responder. Tente novamente.',
    server: (status: number): string =>
      `O servidor encontrou um erro (código ${status}). Tente novamente em instantes.`,
    rejected: (status: number): string => `O servidor recusou a solicitação (código ${status}).`,
    unauthorized: 'Sua sessão expirou. Entre novamente para continuar.',
    contract: 'O servidor respondeu em um formato inesperado.',
    unexpected: 'Ocorreu um erro inesperado.',
    tooManyRequests: (retryInSeconds: number | undefined): string =>
      retryInSeconds === undefined
        ? 'Muitas solicitações; tente de novo em instantes.'
        : `Muitas solicitações; tentando de novo em ${retryInSeconds} s.`,
    busyOrUnavailable: (retryInSeconds: number | undefined): string =>
      retryInSeconds === undefined
        ? 'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes.'
        : `Serviço ocupado ou indisponível (código 503); tentando de novo em ${retryInSeconds} s.`,
    signInAgain: 'Entre novamente para continuar.',
    // A text of the server's this catalogue does not know: quoted, never passed off as ours.
    serverSaid: (text: string): string => `Resposta do servidor: “${text}”`,
    // The answer's X-Request-Id, which staff quote to support to find the request in the logs.
    requestId: (id: string): string => `Código do pedido: ${id}`,
  },
};
