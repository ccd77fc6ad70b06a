import { defineMessages } from '../../i18n/define-messages';

const inFlightPt = (n: number, count: string) =>
  n === 1 ? 'o envio em andamento' : `${count} envios em andamento`;
const inFlightEn = (n: number, count: string) =>
  n === 1 ? 'the request in flight' : `${count} requests in flight`;

/**
 * A run's words, the same wherever a run shows (the bulk runner, a roster's dialogs). Counts
 * arrive already formatted for the locale.
 */
export const useRunMessages = defineMessages({
  'pt-BR': {
    progressLabel: 'Andamento',
    status: {
      running: 'Enviando…',
      paused: 'Pausado',
      pausedSession: 'Pausado: sua sessão expirou. Entre novamente para continuar de onde parou.',
      pausing: (n: number, count: string): string =>
        `Pausando: aguardando ${inFlightPt(n, count)}…`,
      cancelling: (n: number, count: string): string =>
        `Cancelando: aguardando ${inFlightPt(n, count)}…`,
      holding: (time: string): string => `O servidor pediu uma pausa: retomando às ${time}.`,
      outage: 'Servidor indisponível',
      // The same pause while the browser says it is offline: the connection, not the server.
      offline: 'Sem conexão',
    },
    done: 'Concluídos',
    failed: 'Com falha',
    notAttempted: 'Ainda não tentados',
    /** Sent and on their way now. */
    inProgress: 'Em andamento',
    /** Sent with no answer (or one to try again), none on its way now: an outage's pause. */
    awaitingRetry: 'Aguardando nova tentativa',
    eta: 'Tempo restante',
    etaUnknown: 'calculando…',
    pause: 'Pausar',
    resume: 'Continuar',
    // While an outage pauses the run it tries by itself: the button tries at once.
    tryNow: 'Tentar agora',
    retryIn: (wait: string): string => `Tentando de novo em ${wait}.`,
    retrying: 'Tentando agora…',
    cancel: 'Cancelar o envio',
    outageHint:
      'O envio continua sozinho quando o servidor responder. Nada é dado como falha por isso.',
    offlineHint:
      'O envio continua sozinho quando a conexão voltar. Nada é dado como falha por isso.',
  },
  en: {
    progressLabel: 'Progress',
    status: {
      running: 'Sending…',
      paused: 'Paused',
      pausedSession: 'Paused: your session expired. Sign in again to continue where it stopped.',
      pausing: (n, count) => `Pausing: waiting for ${inFlightEn(n, count)}…`,
      cancelling: (n, count) => `Cancelling: waiting for ${inFlightEn(n, count)}…`,
      holding: (time) => `The server asked for a pause: resuming at ${time}.`,
      outage: 'Server unavailable',
      offline: 'No connection',
    },
    done: 'Done',
    failed: 'Failed',
    notAttempted: 'Not attempted yet',
    inProgress: 'In progress',
    awaitingRetry: 'Waiting to be retried',
    eta: 'Time left',
    etaUnknown: 'estimating…',
    pause: 'Pause',
    resume: 'Continue',
    tryNow: 'Try now',
    retryIn: (wait) => `Trying again in ${wait}.`,
    retrying: 'Trying now…',
    cancel: 'Cancel the run',
    outageHint:
      'The run goes on by itself when the server answers. Nothing is marked failed because of this.',
    offlineHint:
      'The run goes on by itself when the connection is back. Nothing is marked failed because of this.',
  },
});
