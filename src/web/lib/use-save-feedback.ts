import { useEffect, useRef, useState } from 'react';
import { refusalText } from './error-text';

/** How long a Settings card's Save button reads 'Saved!' or 'Error' (as on Office Information). */
const FEEDBACK_MS = 2000;

export type SaveState = 'idle' | 'saved' | 'error';

/**
 * A Settings card's answer to Save: `run` sends the save, then the button reads saved or error
 * for FEEDBACK_MS, and a refusal's own words (the server's message) stay in `serverError` until
 * the next save.
 */
export function useSaveFeedback() {
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = async (save: () => Promise<void>): Promise<void> => {
    clearTimeout(timer.current);
    setServerError(null);
    try {
      await save();
      setSaveState('saved');
    } catch (error) {
      setSaveState('error');
      const refusal = refusalText(error);
      if (refusal) setServerError(refusal);
    }
    timer.current = setTimeout(() => setSaveState('idle'), FEEDBACK_MS);
  };

  /** The Save button's words: saving, saved, error, or 'Save'. */
  const label = (pending: boolean, texts: { saved: string; error: string }) =>
    pending
      ? 'Saving...'
      : saveState === 'saved'
        ? texts.saved
        : saveState === 'error'
          ? texts.error
          : 'Save';

  return { saveState, serverError, run, label };
}
