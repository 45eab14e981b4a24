import { describe, expect, it } from 'vitest';
import { externalUploadState, nextUploadState, type UploadEvent, type UploadInternalState } from './upload-state';

const STATES: UploadInternalState[] = ['running', 'pausing', 'paused', 'success', 'canceling', 'canceled', 'error'];

// The specification's rules as a table: which person-initiated actions each state allows.
const ALLOWED: Record<'pause' | 'resume' | 'cancel', UploadInternalState[]> = {
  pause: ['running'],
  resume: ['paused', 'pausing'],
  cancel: ['running', 'pausing'],
};

describe('upload task states', () => {
  for (const [event, allowedIn] of Object.entries(ALLOWED) as [UploadEvent, UploadInternalState[]][]) {
    it.each(STATES)(`${event} from %s follows the specification`, (state) => {
      expect(nextUploadState(state, event) !== null).toBe(allowedIn.includes(state));
    });
  }

  it('pauses and cancels through the in-between states', () => {
    expect(nextUploadState('running', 'pause')).toBe('pausing');
    expect(nextUploadState('pausing', 'stopped')).toBe('paused');
    expect(nextUploadState('paused', 'resume')).toBe('running');
    expect(nextUploadState('running', 'cancel')).toBe('canceling');
    expect(nextUploadState('canceling', 'stopped')).toBe('canceled');
  });

  it('lets a request that finishes while pausing succeed, and a cancel win over anything after it', () => {
    expect(nextUploadState('pausing', 'completed')).toBe('success');
    expect(nextUploadState('canceling', 'completed')).toBe('canceled');
    expect(nextUploadState('canceling', 'failed')).toBe('canceled');
  });

  it('reports the in-between states as running and ends in success, canceled or error', () => {
    expect(STATES.map(externalUploadState)).toEqual(['running', 'running', 'paused', 'success', 'running', 'canceled', 'error']);
    for (const final of ['success', 'canceled', 'error'] as const) {
      for (const event of ['pause', 'resume', 'cancel', 'stopped', 'completed', 'failed'] as const) expect(nextUploadState(final, event)).toBeNull();
    }
  });
});
