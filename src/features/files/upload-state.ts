// The upload task's states and the moves between them (specification: running, paused,
// success, canceled, error; pausing and canceling pass through intermediate states; pause only
// while running; resume only while paused or pausing; cancel while running or pausing). Both
// backends' upload tasks run on this table, so they behave the same.

/** Internal states, including the two in-between ones. */
export type UploadInternalState = 'running' | 'pausing' | 'paused' | 'success' | 'canceling' | 'canceled' | 'error';
/** What a task reports: the in-between states show as where they are heading from. */
export type UploadState = 'running' | 'paused' | 'success' | 'canceled' | 'error';

export type UploadEvent =
  /** Asked by the person. */
  | 'pause'
  | 'resume'
  | 'cancel'
  /** Reported by the transport once the request in flight has stopped. */
  | 'stopped'
  | 'completed'
  | 'failed';

const MOVES: Record<UploadInternalState, Partial<Record<UploadEvent, UploadInternalState>>> = {
  running: { pause: 'pausing', cancel: 'canceling', completed: 'success', failed: 'error' },
  pausing: { resume: 'running', cancel: 'canceling', stopped: 'paused', completed: 'success', failed: 'error' },
  paused: { resume: 'running' },
  canceling: { stopped: 'canceled', completed: 'canceled', failed: 'canceled' },
  success: {},
  canceled: {},
  error: {},
};

/** The next state, or null when the event is not allowed in this state (nothing changes). */
export function nextUploadState(state: UploadInternalState, event: UploadEvent): UploadInternalState | null {
  return MOVES[state][event] ?? null;
}

/** The state as reported: pausing is still running, canceling is still running. */
export function externalUploadState(state: UploadInternalState): UploadState {
  if (state === 'pausing' || state === 'canceling') return 'running';
  return state;
}
