// What a verdict sounds and feels like at a loud, dark door: a tone pattern (Web Audio, made here,
// no files) and a vibration pattern per kind of verdict, so staff know without looking.
import type { Verdict } from '../constants';

export type VerdictTone = 'accepted' | 'notice' | 'refused' | 'full';

export function toneOf(verdict: Verdict): VerdictTone {
  // Full is neither a refusal of the person nor a notice: the door may still admit anyway.
  if (verdict === 'full') return 'full';
  if (verdict === 'admitted' || verdict === 'drinkRedeemed' || verdict === 'exited' || verdict === 'welcomeBack') return 'accepted';
  if (verdict === 'alreadyAdmitted' || verdict === 'expiredCode' || verdict === 'noDrinksLeft' || verdict === 'notInside') return 'notice';
  return 'refused';
}

const PATTERNS: Record<VerdictTone, { tones: [frequency: number, ms: number][]; vibrate: number[] }> = {
  accepted: { tones: [[660, 90], [880, 140]], vibrate: [60] },
  notice: { tones: [[440, 120], [0, 60], [440, 120]], vibrate: [100, 60, 100] },
  refused: { tones: [[196, 420]], vibrate: [300, 100, 300] },
  full: { tones: [[330, 160], [0, 70], [330, 160], [0, 70], [330, 160]], vibrate: [200, 80, 200, 80, 200] },
};

let audio: AudioContext | null = null;

/** Browsers allow sound only after a gesture: the scanner calls this on its first tap. */
export function unlockSound(): void {
  audio ??= new AudioContext();
  void audio.resume().catch(() => undefined);
}

export function signal(verdict: Verdict): void {
  const pattern = PATTERNS[toneOf(verdict)];
  navigator.vibrate?.(pattern.vibrate);
  if (!audio || audio.state !== 'running') return;
  let at = audio.currentTime;
  for (const [frequency, ms] of pattern.tones) {
    if (frequency > 0) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + ms / 1000);
    }
    at += ms / 1000;
  }
}
