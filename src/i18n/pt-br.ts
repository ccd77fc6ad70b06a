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
    retry: 'Tentar de novo',
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
    range: (first: string, last: string, total: string): string => `${first}–${last} de ${total}`,
    loading: 'Carregando turmas…',
    searchLabel: 'Buscar turmas',
    searchPlaceholder: 'Nome da turma',
    clearSearch: 'Limpar busca',
    pageSize: 'Turmas por página',
    pagination: 'Páginas da lista de turmas',
    firstPage: 'Primeira página',
    previousPage: 'Página anterior',
    nextPage: 'Próxima página',
    lastPage: 'Última página',
    pageOf: (page: string, pageCount: string): string => `Página ${page} de ${pageCount}`,
    emptyTitle: 'Nenhuma turma cadastrada',
    emptyDescription: 'As turmas criadas na plataforma aparecerão aqui.',
    noMatchDescription: (query: string): string =>
      `Nenhuma turma tem “${query}” no nome. Confira a grafia ou busque por parte do nome.`,
    noMatchWordsDescription: (query: string): string =>
      `Nenhuma turma tem todas as palavras de “${query}” no nome. Tente com menos palavras.`,
    searchWithout: (word: string): string => `Buscar sem “${word}”`,
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
    tooManyRequests:
      'O servidor recebeu solicitações demais em pouco tempo. Aguarde um instante e tente novamente.',
    signInAgain: 'Entre novamente para continuar.',
    // A text of the server's this catalogue does not know: quoted, never passed off as ours.
    serverSaid: (text: string): string => `Resposta do servidor: “${text}”`,
    // What the reference server is known to say (describe-api-error.ts reads its English).
    known: {
      noToken: 'Nenhum token de acesso foi enviado.',
      malformedToken: 'O token de acesso foi enviado num formato inválido.',
      invalidToken: 'O token de acesso não é válido ou expirou.',
      noClass: (ids: string, count: number): string =>
        count === 1
          ? `Turma não encontrada: ${ids} (pode ter sido excluída).`
          : `Turmas não encontradas: ${ids} (podem ter sido excluídas).`,
      noStudent: 'Nenhum aluno tem este e-mail.',
      noRoute: (route: string): string =>
        `O servidor não tem o endereço ${route}: confira o endereço da API (apiBaseUrl em config.js).`,
      bodyTooLarge: (kilobytes: string): string =>
        `Os dados enviados passam do limite do servidor (${kilobytes} KB).`,
      chunkExtensions:
        'A solicitação veio num formato que o servidor recusa (extensões de bloco grandes demais).',
      jsonOnly: 'O servidor só aceita dados em JSON.',
      headersTooLarge: 'Os cabeçalhos da solicitação são grandes demais.',
      requestTimedOut: 'A solicitação demorou demais para chegar ao servidor.',
      malformedRequest:
        'O servidor não entendeu a solicitação (endereço ou cabeçalhos malformados).',
      originRefused: (origin: string): string =>
        `A API não aceita chamadas de ${origin}: falta incluí-lo em CORS_ORIGINS. Avise quem administra o sistema.`,
      unavailable: (reason: string): string => `Banco de dados indisponível: ${reason}.`,
    },
    /** Why the database is unavailable (server/store/postgres-schema.ts `unavailableReason`). */
    databaseReasons: {
      unreachable: 'o servidor não consegue alcançá-lo',
      connectionFailed: 'a conexão com ele falhou',
      restarting: 'ele está reiniciando',
      noConnections: 'ele está sem conexões livres',
      outOfResources: 'ele está sem recursos',
      tooSlow: 'ele demorou demais para responder',
      credentialsRefused: 'ele recusou as credenciais do servidor',
      missing: 'ele não existe',
      busy: 'ele está ocupado',
      connectTimeout: 'a conexão com ele demorou demais',
      connectionLost: 'a conexão com ele caiu',
    },
    /** "Field: problem." for each part of a 400 ("email: must be a valid e-mail address"). */
    issue: (field: string, problem: string): string => `${field}: ${problem}.`,
    fields: {
      body: 'Dados enviados',
      name: 'Nome',
      email: 'E-mail',
      emailAt: (position: number): string => `E-mail ${position}`,
      classes: 'Turmas',
      classAt: (position: number): string => `Turma ${position}`,
      classIdAt: (position: number): string => `Identificador da turma ${position}`,
      classId: 'Identificador da turma',
      expirationDate: 'Validade',
      page: 'Página',
      pageSize: 'Tamanho da página',
      sortBy: 'Ordenação',
      query: 'Busca',
    },
    issues: {
      required: 'campo obrigatório',
      text: 'precisa ser um texto',
      classObject: 'precisa estar no formato {"id": texto}',
      classList: 'precisam ser uma lista de turmas no formato {"id": texto}',
      empty: 'não pode ficar em branco',
      maxLength: (max: string): string => `pode ter no máximo ${max} caracteres`,
      email: 'não é um endereço de e-mail válido',
      controlCharacters: 'tem caracteres que não são aceitos, como tabulações ou quebras de linha',
      loneSurrogate: 'tem um caractere inválido (texto Unicode malformado)',
      bidiControls:
        'tem caracteres invisíveis que mudam a ordem em que o texto aparece (controles de direção do texto)',
      noLetterOrDigit: 'precisa ter ao menos uma letra ou um algarismo',
      noClass: 'informe ao menos uma turma',
      tooManyClasses: (max: string): string => `no máximo ${max} turmas por vez`,
      repeatedClass: 'a mesma turma aparece mais de uma vez',
      dateTime: 'não é uma data e hora válidas',
      range: (from: string, to: string): string => `precisa estar entre ${from} e ${to}`,
      jsonObject: 'precisam ser um objeto JSON',
      unknownFields: (fields: string, count: number): string =>
        count === 1 ? `campo desconhecido: ${fields}` : `campos desconhecidos: ${fields}`,
      integer: 'precisa ser um número inteiro',
      integerRange: (min: string, max: string): string =>
        `precisa ser um número inteiro de ${min} a ${max}`,
      singleText: 'precisa ser um único texto',
      tooManyWords: (max: string): string => `pode ter no máximo ${max} palavras`,
      oneOf: (values: string): string => `precisa ser um destes: ${values}`,
      noEmail: 'informe ao menos um e-mail',
      tooManyEmails: (max: string): string => `no máximo ${max} e-mails por vez`,
      cutOff: 'a solicitação terminou antes de os dados chegarem inteiros',
      notUtf8: 'precisam ser JSON em UTF-8',
      notJson: 'não são um JSON válido',
      tooDeep: (max: string): string => `têm mais de ${max} níveis de aninhamento`,
      tooManyValues: (max: string): string => `têm mais de ${max} valores`,
    },
  },
};
