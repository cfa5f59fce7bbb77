/** Spec point 4: the new-call sound repeats 5 times every 2 s. */
export const NEW_CALL_SOUND = { repeats: 5, intervalMs: 2000, beepMs: 350, frequencyHz: 880 } as const;

let context: AudioContext | undefined;

function beep(): void {
  context ??= new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = NEW_CALL_SOUND.frequencyHz;
  const start = context.currentTime;
  const end = start + NEW_CALL_SOUND.beepMs / 1000;
  gain.gain.setValueAtTime(0.2, start);
  gain.gain.exponentialRampToValueAtTime(0.001, end);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(end);
}

let stopCurrent: (() => void) | undefined;

/**
 * Plays the beep now and every 2 s until it sounded 5 times; a new call during a run restarts the count rather
 * than layering two runs. Browsers may refuse audio before the first user gesture; that beep is simply skipped.
 */
export function playNewCallSound(play: () => void = beep): () => void {
  stopCurrent?.();
  let played = 0;
  const ring = () => {
    played += 1;
    try {
      play();
    } catch {
      // No audio device or autoplay refused: the notice toast still tells the operator.
    }
  };
  ring();
  const timer = setInterval(() => {
    ring();
    if (played >= NEW_CALL_SOUND.repeats) stop();
  }, NEW_CALL_SOUND.intervalMs);
  const stop = () => {
    clearInterval(timer);
    if (stopCurrent === stop) stopCurrent = undefined;
  };
  stopCurrent = stop;
  return stop;
}
