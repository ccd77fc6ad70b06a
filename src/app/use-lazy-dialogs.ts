import { startTransition, useCallback, useEffect, useReducer, useRef } from 'react';
import type { ClassSummary } from '#contract';
import { whenIdle } from '../lib/when-idle';

/** One `import()` of code a dialog mounts with. */
type ImportCode = () => Promise<unknown>;

interface DialogState {
  /** Mounted once its code is in: a lazy component whose import failed would take the page down. */
  mounted: boolean;
  /** Kept after closing: the dialog still shows them while it fades out. */
  turmas: readonly ClassSummary[];
}

interface State<Kind extends string> {
  dialogs: Record<Kind, DialogState>;
  opened: Kind | null;
  /** The dialog asked for whose code could not load: the page says so, with a retry. */
  failed: Kind | null;
}

type Action<Kind extends string> =
  | { type: 'open'; kind: Kind; turmas: readonly ClassSummary[] }
  | { type: 'loaded'; kind: Kind }
  | { type: 'load-failed'; kind: Kind }
  | { type: 'close' }
  | { type: 'dismiss-failure' };

function reducer<Kind extends string>(state: State<Kind>, action: Action<Kind>): State<Kind> {
  switch (action.type) {
    case 'open':
      return {
        dialogs: {
          ...state.dialogs,
          [action.kind]: { ...state.dialogs[action.kind], turmas: action.turmas },
        },
        opened: action.kind,
        failed: null,
      };
    case 'loaded':
      return state.dialogs[action.kind].mounted
        ? state
        : {
            ...state,
            dialogs: {
              ...state.dialogs,
              [action.kind]: { ...state.dialogs[action.kind], mounted: true },
            },
          };
    case 'load-failed':
      // Not left asked for: code that comes later (a hover once back online) must not open a
      // dialog long after the click. The retry asks again.
      return {
        ...state,
        failed: action.kind,
        opened: state.opened === action.kind ? null : state.opened,
      };
    case 'close':
      return state.opened === null ? state : { ...state, opened: null };
    case 'dismiss-failure':
      return state.failed === null ? state : { ...state, failed: null };
  }
}

function initialState<Kind extends string>(loaders: Record<Kind, unknown>): State<Kind> {
  const dialogs = {} as Record<Kind, DialogState>;
  for (const kind of Object.keys(loaders) as Kind[]) dialogs[kind] = { mounted: false, turmas: [] };
  return { dialogs, opened: null, failed: null };
}

/**
 * The page's code-split dialogs: each loads when a pointer or focus reaches a button that opens
 * it (`want`), mounts once its code is in, stays mounted when closed (so Mantine can animate it
 * and return focus), and a click whose code cannot load is reported instead of crashing.
 * `want` loads early on a pointer or focus; a failure is only news if the click comes.
 * `preload` loads their code, one import at a time in the browser's idle moments, once the page
 * has shown what it is for: the first click of a tab then finds its dialog's code in.
 * Each dialog's loader is the list of imports it mounts with.
 */
export function useLazyDialogs<Kind extends string>(loaders: Record<Kind, readonly ImportCode[]>) {
  const [state, dispatch] = useReducer(reducer<Kind>, loaders, initialState);

  const load = useCallback(
    (kind: Kind, report: boolean) =>
      Promise.all(loaders[kind].map((importCode) => importCode())).then(
        // A transition: the lazy component still suspends for a moment, and an urgent update
        // would commit the empty fallback, after which React holds back the reveal for 300 ms.
        () => startTransition(() => dispatch({ type: 'loaded', kind })),
        () => {
          if (report) dispatch({ type: 'load-failed', kind });
        },
      ),
    [loaders],
  );

  // Once per page, in the order the loaders are given (the likeliest click first). One import
  // per idle moment: asking for a dialog's chunks and styles costs 5–13 ms each, and together
  // they were one long task, the kind a click arriving then waits behind (decisions 005, 006).
  const preloading = useRef<{ stop: () => void } | null>(null);
  const preload = useCallback(() => {
    if (preloading.current) return;
    let cancel = () => {};
    let stopped = false;
    const next = ([importCode, ...rest]: ImportCode[]) => {
      if (importCode === undefined || stopped) return;
      cancel = whenIdle(() => {
        // The code alone: mounting would also render the form hidden (FormDialog), a long
        // task Lighthouse counts as blocking; a hover or focus (`want`) mounts it.
        // Code that cannot come now is the click's to report (`open`), not an uncaught error.
        importCode().then(
          () => next(rest),
          () => undefined,
        );
      });
    };
    preloading.current = {
      stop: () => {
        stopped = true;
        cancel();
      },
    };
    next([...new Set(Object.values<readonly ImportCode[]>(loaders).flat())]);
  }, [loaders]);
  useEffect(
    () => () => {
      preloading.current?.stop();
      preloading.current = null;
    },
    [],
  );

  // Stable, so the list's row actions built from them do not re-render the list.
  const want = useCallback((kind: Kind) => void load(kind, false), [load]);
  const open = useCallback(
    (kind: Kind, turmas: readonly ClassSummary[]) => {
      dispatch({ type: 'open', kind, turmas });
      void load(kind, true);
    },
    [load],
  );
  const close = useCallback(() => dispatch({ type: 'close' }), []);
  const dismissFailure = useCallback(() => dispatch({ type: 'dismiss-failure' }), []);
  return { ...state, want, preload, open, close, dismissFailure };
}
